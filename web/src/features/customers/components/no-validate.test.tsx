import type { Customer } from '../api/customers';
import { renderWithClient } from '@/testing/test-utils';
import { AddCustomerDialog } from './add-customer-dialog';
import { EditCustomerDialog } from './edit-customer-dialog';

/** The browser's own validation bubbles would cover the app's messages ('Please enter a valid email'). */
describe('customer dialogs leave validation to the app', () => {
  it('add and edit', () => {
    global.fetch = jest.fn(() => new Promise<Response>(() => undefined)) as unknown as typeof fetch;
    renderWithClient(
      <>
        <AddCustomerDialog open onClose={() => undefined} />
        <EditCustomerDialog customer={{ id: 'c1', email: 'cafe@demo.bakery' } as Customer} onClose={() => undefined} />
      </>,
    );
    const forms = Array.from(document.querySelectorAll('form'));
    expect(forms.map((f) => f.id).sort()).toEqual(['add-customer', 'edit-customer']);
    for (const form of forms) expect(form).toHaveAttribute('novalidate');
  });
});

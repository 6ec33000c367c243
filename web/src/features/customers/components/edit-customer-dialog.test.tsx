import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeUser } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { EditCustomerDialog } from './edit-customer-dialog';

/** Issue 18: the admin sets each customer's drop position (the run sheet's order within a slot) in Edit. */
const customer = { ...makeUser({ id: 'c-corner', businessName: 'Corner Coffee' }), dropPosition: 2 };
const position = () => screen.getByLabelText('Drop position') as HTMLInputElement;
// by its text: a role query computes names over antd's whole dialog, slowly in jsdom
const save = () => screen.getByText('Save Changes', { selector: '.ant-modal-footer button span' });
const patchBody = (fetchMock: ReturnType<typeof mockFetch>) => {
  const call = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('Edit customer: drop position', () => {
  beforeEach(() => act(() => dismissToast()));

  it('shows the position and sends a new one', async () => {
    const fetchMock = mockFetch({ 'PATCH /api/customers/c-corner': (init) => jsonResponse({ ...customer, ...JSON.parse(String(init?.body)) }) });
    renderWithClient(<EditCustomerDialog customer={customer} onClose={() => undefined} />);
    await waitFor(() => expect(position().value).toBe('2'));
    fireEvent.change(position(), { target: { value: '5' } });
    fireEvent.click(save());
    await waitFor(() => expect(patchBody(fetchMock)).toBeDefined());
    expect(patchBody(fetchMock)).toEqual({ dropPosition: 5 });
    expect(await screen.findByText('Customer updated successfully')).toBeInTheDocument();
  });

  it('clears it with null when emptied', async () => {
    const fetchMock = mockFetch({ 'PATCH /api/customers/c-corner': (init) => jsonResponse({ ...customer, ...JSON.parse(String(init?.body)) }) });
    renderWithClient(<EditCustomerDialog customer={customer} onClose={() => undefined} />);
    await waitFor(() => expect(position().value).toBe('2'));
    fireEvent.change(position(), { target: { value: '' } });
    fireEvent.click(save());
    await waitFor(() => expect(patchBody(fetchMock)).toBeDefined());
    expect(patchBody(fetchMock)).toEqual({ dropPosition: null });
  });
});

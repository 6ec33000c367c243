import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithClient } from '@/testing/test-utils';
import { DRAFT_STORAGE_KEY } from '../submission';
import { SubmitProduct } from './submit-product';

describe('Submit Product (its dialog loaded when asked for)', () => {
  beforeEach(() => localStorage.clear());

  it('opens the dialog on the click, with the draft kept so far; Cancel closes it and drops the draft', async () => {
    localStorage.setItem(DRAFT_STORAGE_KEY, JSON.stringify({ price: '3.25', quantity: '12', imageUrl: '' }));
    renderWithClient(<SubmitProduct />);
    // nothing of the dialog before the click
    expect(document.querySelector('form#submit-product')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /Submit Product/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit Product' });
    await waitFor(() => expect(screen.getByLabelText('Price ($)')).toHaveValue('3.25'));
    expect(screen.getByLabelText('Quantity')).toHaveValue(12);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(localStorage.getItem(DRAFT_STORAGE_KEY)).toBeNull();
    await waitFor(() => expect(dialog).not.toBeVisible());

    // and opens again, empty now
    fireEvent.click(screen.getByRole('button', { name: /Submit Product/ }));
    await waitFor(() => expect(screen.getByRole('dialog', { name: 'Submit Product' })).toBeVisible());
    expect(screen.getByLabelText('Price ($)')).toHaveValue('');
  });
});

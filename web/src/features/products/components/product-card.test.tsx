import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeCartLine, makeProduct } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';
import { ProductCard, ProductRow } from './product-card';

const loaf = makeProduct({ id: 'p1', name: 'Sourdough Loaf', stock: 5 });
/** The customer's cart: 3 loaves already. */
const cartWith3 = () => jsonResponse([{ ...makeCartLine('line-1', '1.00', 3), productId: 'p1' }]);

describe('product card and the stock', () => {
  beforeEach(() => act(() => dismissToast()));

  it.each([
    ['desktop card', ProductCard],
    ['mobile row', ProductRow],
  ])('%s: the stepper stops at the stock minus what is already in the cart', async (_, Component) => {
    mockFetch({ 'GET /api/cart': cartWith3 });
    renderWithClient(<Component product={loaf} canOrder />);
    expect(await screen.findByText('3 in your cart')).toBeInTheDocument();
    const card = within(screen.getByRole('article', { name: 'Sourdough Loaf' }));
    const increase = card.getByRole('button', { name: 'Increase quantity of Sourdough Loaf' });
    fireEvent.click(increase);
    // 1 → 2 = 5 left − 3 in the cart
    await waitFor(() => expect(increase).toBeDisabled());
  });

  it('disables adding when the cart already holds all the stock', async () => {
    mockFetch({ 'GET /api/cart': () => jsonResponse([{ ...makeCartLine('line-1', '1.00', 5), productId: 'p1' }]) });
    renderWithClient(<ProductCard product={loaf} canOrder />);
    expect(await screen.findByText('5 in your cart')).toBeInTheDocument();
    expect(screen.getByText('Add to Cart').closest('button')).toBeDisabled();
  });

  it("shows the server's reason under the spec's text when adding is refused", async () => {
    mockFetch({
      'GET /api/cart': () => jsonResponse([]),
      'POST /api/cart': () => jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'Only 5 left in stock' }, 409, 'Conflict'),
    });
    renderWithClient(<ProductCard product={loaf} canOrder />);
    fireEvent.click(screen.getByText('Add to Cart').closest('button')!);
    const toast = await screen.findByRole('alert');
    expect(toast.querySelector('.toast-title')).toHaveTextContent('Failed to add product to cart');
    expect(toast.querySelector('.toast-description')).toHaveTextContent('Only 5 left in stock');
  });

  it('keeps the plain failure toast when the server gives no reason', async () => {
    mockFetch({ 'GET /api/cart': () => jsonResponse([]), 'POST /api/cart': () => jsonResponse({ statusCode: 500, message: 'Internal server error' }, 500, 'Error') });
    renderWithClient(<ProductCard product={loaf} canOrder />);
    fireEvent.click(screen.getByText('Add to Cart').closest('button')!);
    const toast = await screen.findByRole('alert');
    expect(toast).toHaveTextContent('Error');
    expect(toast).toHaveTextContent('Failed to add product to cart');
    expect(toast).not.toHaveTextContent('Internal server error');
  });

  it('reads no cart for those who cannot order (admins)', async () => {
    const fetchMock = mockFetch({});
    renderWithClient(<ProductCard product={loaf} canOrder={false} />);
    expect(screen.getByText('5 in stock')).toBeInTheDocument();
    await act(async () => undefined);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeCartLine } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import type { CartLine } from '@contracts/ordering';
import { CartPage } from './cart-page';

const routes = [{ path: '/cart', element: <CartPage /> }];
const PRICING = { deliveryFee: '12.50', taxRate: '0.085' };

/** A line of `quantity` Croissants, of which `stock` are left. */
function croissants(quantity: number, stock: number): CartLine[] {
  const line = makeCartLine('Croissant', '3.00', quantity);
  return [{ ...line, product: { ...line.product!, stock } }];
}

describe('cart lines and the stock', () => {
  beforeEach(() => act(() => dismissToast()));

  it('disables + once the line holds all the stock left', async () => {
    mockFetch({ 'GET /api/cart': () => jsonResponse(croissants(3, 3)), 'GET /api/config/pricing': () => jsonResponse(PRICING) });
    renderRoutes(routes, { path: '/cart' });
    expect(await screen.findByRole('button', { name: 'Increase quantity of Croissant' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Croissant' })).toBeEnabled();
  });

  it("shows the server's reason under the spec's text when a change is refused", async () => {
    mockFetch({
      'GET /api/cart': () => jsonResponse(croissants(2, 5)),
      'GET /api/config/pricing': () => jsonResponse(PRICING),
      'PUT /api/cart/Croissant': () => jsonResponse({ statusCode: 409, code: 'CONFLICT', message: 'Only 2 left in stock' }, 409, 'Conflict'),
    });
    renderRoutes(routes, { path: '/cart' });
    fireEvent.click(await screen.findByRole('button', { name: 'Increase quantity of Croissant' }));
    const toast = await screen.findByRole('alert');
    expect(toast.querySelector('.toast-title')).toHaveTextContent('Failed to update cart item');
    expect(toast.querySelector('.toast-description')).toHaveTextContent('Only 2 left in stock');
  });

  it('says the cart could not be loaded (not that it is empty), and Retry reads it again', async () => {
    let fail = true;
    mockFetch({
      'GET /api/cart': () => (fail ? jsonResponse({ statusCode: 500, message: 'Boom' }, 500, 'Internal Server Error') : jsonResponse(croissants(1, 5))),
      'GET /api/config/pricing': () => jsonResponse(PRICING),
    });
    renderRoutes(routes, { path: '/cart' });
    expect(await screen.findByText('Your cart could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(screen.getByLabelText('Croissant', { selector: 'li' })).toBeInTheDocument());
  });
});

import { ApiError } from '@/lib/api-client';
import { placeOrderError } from './place-order-error';

describe('place order errors (spec section 8)', () => {
  const apiError = (status: number, body: object) => new ApiError(status, '', JSON.stringify(body));
  it("says 'Your cart is empty' for an empty cart", () => {
    expect(placeOrderError(apiError(400, { statusCode: 400, message: 'Your cart is empty', errors: { cart: ['Your cart is empty'] } }))).toBe(
      'Your cart is empty',
    );
  });
  it('names what is short', () => {
    const err = apiError(409, {
      statusCode: 409,
      message: 'Not enough stock',
      details: { shortages: [{ productId: 'p', name: 'Sourdough Loaf', requested: 5, available: 2 }] },
    });
    expect(placeOrderError(err)).toBe('Not enough stock: Sourdough Loaf (2 left)');
  });
  it("says 'Failed to place order' otherwise", () => {
    expect(placeOrderError(new TypeError('network down'))).toBe('Failed to place order');
    expect(placeOrderError(apiError(503, { statusCode: 503, message: 'Service unavailable' }))).toBe('Failed to place order');
  });
});

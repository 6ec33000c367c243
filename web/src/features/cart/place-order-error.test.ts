import { ApiError } from '@/lib/api-client';
import { placeOrderError, termsRefusal } from './place-order-error';

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
  it('gives the server’s words for an account on hold (403) and a cart below the minimum (400), kept on the page (issue 19)', () => {
    const hold = apiError(403, { statusCode: 403, code: 'FORBIDDEN', message: 'Your account is on hold. Please contact the bakery.' });
    expect(placeOrderError(hold)).toBe('Your account is on hold. Please contact the bakery.');
    expect(termsRefusal(hold)).toEqual({ title: 'Your account is on hold', message: 'Your account is on hold. Please contact the bakery.' });
    const minimum = 'The minimum order is $25.00: add $0.01 more to place this order';
    const below = apiError(400, { statusCode: 400, message: minimum, errors: { cart: [minimum] } });
    expect(placeOrderError(below)).toBe(minimum);
    expect(termsRefusal(below)).toEqual({ title: 'Your order is below the minimum order', message: minimum });
    expect(termsRefusal(apiError(400, { statusCode: 400, message: 'Your cart is empty', errors: { cart: ['Your cart is empty'] } }))).toBeNull();
    expect(termsRefusal(apiError(409, { statusCode: 409, message: 'Not enough stock' }))).toBeNull();
  });
});

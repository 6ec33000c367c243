import { customerMayCancel, deliveryDateProblem, statusChangeProblem } from './order-rules';

describe('order rules', () => {
  it('lets an admin move an order anywhere until it is delivered or cancelled', () => {
    expect(statusChangeProblem('pending', 'in_transit')).toBeNull();
    expect(statusChangeProblem('in_transit', 'pending')).toBeNull();
    expect(statusChangeProblem('delivered', 'pending')).toBe('This order is delivered and can no longer change');
    expect(statusChangeProblem('cancelled', 'confirmed')).toBe('This order is cancelled and can no longer change');
    expect(statusChangeProblem('cancelled', 'cancelled')).toBeNull();
  });

  it('lets a customer cancel only a pending order', () => {
    expect(customerMayCancel('pending')).toBe(true);
    expect(customerMayCancel('confirmed')).toBe(false);
  });

  it('refuses delivery dates before today in the bakery’s time zone, and impossible dates', () => {
    const now = new Date('2026-03-10T23:30:00Z'); // already 11 March in Tokyo
    expect(deliveryDateProblem('2026-03-10', now, 'UTC')).toBeNull();
    expect(deliveryDateProblem('2026-03-09', now, 'UTC')).toBe('Delivery date cannot be before today');
    expect(deliveryDateProblem('2026-03-10', now, 'Asia/Tokyo')).toBe('Delivery date cannot be before today');
    expect(deliveryDateProblem('2026-02-30', now, 'UTC')).toBe('Delivery date must be a date (YYYY-MM-DD)');
    expect(deliveryDateProblem(null, now, 'UTC')).toBeNull();
  });
});

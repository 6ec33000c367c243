import { inventoryAlertToast, RealtimeEvents } from './realtime';

describe('socket pushes', () => {
  it('listens to the events the gateway sends', () => {
    expect(RealtimeEvents).toMatchObject({ orderUpdated: 'order:updated', adminNotifications: 'admin:notifications', inventoryAlert: 'inventory:alert' });
  });
  it('names the product and its stock in the inventory:alert toast', () => {
    expect(inventoryAlertToast({ productId: 'p', name: 'Butter Croissant', stock: 4, lowStockThreshold: 10, alertType: 'low_stock' })).toEqual({
      title: 'Low Stock Alert',
      description: 'Butter Croissant is running low: 4 left (minimum 10)',
      variant: 'default',
    });
    expect(inventoryAlertToast({ productId: 'p', name: 'Rye', stock: 0, lowStockThreshold: 10, alertType: 'out_of_stock' })).toEqual({
      title: 'Out of Stock',
      description: 'Rye is out of stock (0 left, minimum 10)',
      variant: 'destructive',
    });
  });
  it('names the customer and the units in a standing order shortfall toast', () => {
    const orderId = '00000000-0000-0000-0000-0000abcdef12';
    const alert = { productId: 'p', name: 'Baguette', stock: 0, lowStockThreshold: 0, alertType: 'shortfall' as const, shortfall: { orderId, customer: 'Corner Coffee', units: 5 } };
    expect(inventoryAlertToast(alert)).toEqual({
      title: 'Standing Order Short',
      description: "Corner Coffee's standing order is 5 short of Baguette (order #abcdef12)",
      variant: 'destructive',
    });
  });
  it('says a held customer’s standing delivery was skipped, not that anything is out of stock (issue 19)', () => {
    const standingOrderId = '11111111-1111-1111-1111-111111111111';
    const alert = {
      productId: standingOrderId,
      name: 'Weekly bread',
      stock: 0,
      lowStockThreshold: 0,
      alertType: 'skipped' as const,
      skipped: { standingOrderId, customer: 'Held Bakery', date: '2026-12-01', reason: 'on_hold' as const },
    };
    expect(inventoryAlertToast(alert)).toEqual({
      title: 'Standing Delivery Skipped',
      description: `Held Bakery's standing order "Weekly bread" for Tue 1 Dec was not placed: their account is on hold`,
      variant: 'destructive',
    });
  });
});

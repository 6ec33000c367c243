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
});

import { GONE_PRODUCT_NAME, priceDelivery } from './standing-delivery';

const PRICING = { deliveryFee: '12.50', taxRate: '0.085' };

describe('a standing order delivery priced from what could be reserved', () => {
  it('charges only the units reserved, and records every shortfall on its item', () => {
    const priced = priceDelivery(
      [
        { productId: 'a', quantity: 20 },
        { productId: 'b', quantity: 5 },
        { productId: 'c', quantity: 3 },
      ],
      [
        { productId: 'a', name: 'Baguette', unitPrice: '2.25', quantity: 20 },
        { productId: 'b', name: 'Croissant', unitPrice: '1.80', quantity: 2 },
      ],
      [
        { productId: 'b', name: 'Croissant', unitPrice: '1.80', requested: 5, reserved: 2, reason: 'out_of_stock' },
        { productId: 'c', name: null, unitPrice: null, requested: 3, reserved: 0, reason: 'deleted' },
      ],
      PRICING,
    );
    expect(priced).toEqual({
      delivered: true,
      subtotal: '48.60', // 20 x 2.25 + 2 x 1.80
      deliveryFee: '12.50',
      tax: '4.13', // 48.60 x 0.085 = 4.131
      total: '65.23',
      items: [
        { productId: 'a', productName: 'Baguette', quantity: 20, unitPrice: '2.25', totalPrice: '45.00', shortfall: 0 },
        { productId: 'b', productName: 'Croissant', quantity: 2, unitPrice: '1.80', totalPrice: '3.60', shortfall: 3 },
        { productId: 'c', productName: GONE_PRODUCT_NAME, quantity: 0, unitPrice: '0.00', totalPrice: '0.00', shortfall: 3 },
      ],
    });
  });

  it('charges nothing at all, delivery and tax included, when nothing could be reserved', () => {
    const priced = priceDelivery(
      [{ productId: 'a', quantity: 4 }],
      [],
      [{ productId: 'a', name: 'Rye', unitPrice: '5.00', requested: 4, reserved: 0, reason: 'unavailable' }],
      PRICING,
    );
    expect(priced).toMatchObject({ delivered: false, subtotal: '0.00', deliveryFee: '0.00', tax: '0.00', total: '0.00' });
    expect(priced.items).toEqual([{ productId: 'a', productName: 'Rye', quantity: 0, unitPrice: '5.00', totalPrice: '0.00', shortfall: 4 }]);
  });
});

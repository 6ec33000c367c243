import { ORDER_STATUSES } from '@contracts/constants';
import { makeOrder, makeOrderItem } from '@/testing/fixtures';
import { orderListPath } from './api/orders';
import { ADMIN_STATUS_FILTER_OPTIONS, itemSummary, orderCustomerName, STATUS_OPTIONS, statusOptionsFor, statusTitle } from './filters';
import { readOrderFilters, writeOrderFilters } from './url-filters';

const at = new Date(2026, 10, 21, 9, 30).toISOString();
const orders = [
  makeOrder({ id: '11111111-1111-1111-1111-1111aaaa0001', status: 'pending', createdAt: at, customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null } }),
  makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002', status: 'in_transit', createdAt: at, customer: { businessName: null, email: 'bistro@forno.test', phone: '555' } }),
  makeOrder({ id: '33333333-3333-3333-3333-3333cccc0003', status: 'delivered', createdAt: new Date(2026, 10, 20, 9).toISOString() }),
];

describe('Manage Orders filters (spec section 2)', () => {
  it('asks the server for a page with the filters: status, the day placed, the search without #, one customer', () => {
    expect(orderListPath({})).toBe('/api/orders?limit=20');
    expect(orderListPath({ status: ['in_transit'], placedOn: '2026-11-21', q: '  #bbbb0002 ', limit: 5 })).toBe(
      '/api/orders?status=in_transit&placedFrom=2026-11-21&placedTo=2026-11-21&q=bbbb0002&limit=5',
    );
    expect(orderListPath({ q: ' corner & co ', customerId: orders[0].id })).toBe(`/api/orders?q=corner+%26+co&customerId=${orders[0].id}&limit=20`);
    expect(orderListPath({ q: '   ' })).toBe('/api/orders?limit=20');
  });
  it('reads the filters from the URL, ignoring what is not a filter value, and writes only those set', () => {
    expect(readOrderFilters(new URLSearchParams('status=in_transit&date=2026-11-21&q=corner'))).toEqual({ status: 'in_transit', date: '2026-11-21', text: 'corner' });
    expect(readOrderFilters(new URLSearchParams('status=shipped&date=2026-02-30'))).toEqual({ status: 'all', date: '', text: '' });
    expect(writeOrderFilters({ status: 'all', date: '', text: 'bistro' }).toString()).toBe('q=bistro');
    expect(writeOrderFilters({ status: 'pending', date: '2026-11-21', text: '' }).toString()).toBe('status=pending&date=2026-11-21');
  });
  it('offers every status in the filter and the selector', () => {
    expect(ADMIN_STATUS_FILTER_OPTIONS.map((o) => o.value)).toEqual(['all', ...ORDER_STATUSES]);
    expect(STATUS_OPTIONS.map((o) => o.label)).toEqual(['Pending', 'Confirmed', 'In Preparation', 'Ready For Delivery', 'In Transit', 'Delivered', 'Cancelled']);
    expect(statusTitle('ready_for_delivery')).toBe('Ready For Delivery');
  });
  it('offers in the selector the order’s own status and what the transitions table allows next', () => {
    const labels = (status: Parameters<typeof statusOptionsFor>[0], actor?: 'admin' | 'customer') => statusOptionsFor(status, actor).map((o) => o.label);
    const every = ['Pending', 'Confirmed', 'In Preparation', 'Ready For Delivery', 'In Transit', 'Delivered', 'Cancelled'];
    for (const open of ['pending', 'confirmed', 'in_preparation', 'ready_for_delivery', 'in_transit'] as const) expect(labels(open)).toEqual(every);
    expect(labels('delivered')).toEqual(['Delivered']);
    expect(labels('cancelled')).toEqual(['Cancelled']);
    expect(labels('pending', 'customer')).toEqual(['Pending', 'Cancelled']);
    expect(labels('confirmed', 'customer')).toEqual(['Confirmed']);
  });
});

describe('admin order cards', () => {
  it('show 3 items and +N more items', () => {
    const order = makeOrder({ orderItems: ['A', 'B', 'C', 'D', 'E'].map((n) => makeOrderItem(n)) });
    expect(itemSummary(order, 3)).toEqual({ shown: ['1 × A', '1 × B', '1 × C'], more: '+2 more items' });
    expect(itemSummary(makeOrder({ orderItems: ['A', 'B', 'C'].map((n) => makeOrderItem(n)) }), 3).more).toBeNull();
  });
  it('name the customer by business name, else email', () => {
    expect(orderCustomerName(orders[0])).toBe('Corner Coffee');
    expect(orderCustomerName(orders[1])).toBe('bistro@forno.test');
  });
});

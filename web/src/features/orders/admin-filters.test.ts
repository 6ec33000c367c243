import { ORDER_STATUSES } from '@contracts/constants';
import { makeOrder, makeOrderItem } from '@/testing/fixtures';
import { ADMIN_STATUS_FILTER_OPTIONS, filterAdminOrders, itemSummary, matchesOrderText, NO_ADMIN_FILTERS, orderCustomerName, STATUS_OPTIONS, statusOptionsFor, statusTitle } from './filters';

const at = new Date(2026, 10, 21, 9, 30).toISOString();
const orders = [
  makeOrder({ id: '11111111-1111-1111-1111-1111aaaa0001', status: 'pending', createdAt: at, customer: { businessName: 'Corner Coffee', email: 'cafe@demo.bakery', phone: null } }),
  makeOrder({ id: '22222222-2222-2222-2222-2222bbbb0002', status: 'in_transit', createdAt: at, customer: { businessName: null, email: 'bistro@forno.test', phone: '555' } }),
  makeOrder({ id: '33333333-3333-3333-3333-3333cccc0003', status: 'delivered', createdAt: new Date(2026, 10, 20, 9).toISOString() }),
];
const ids = (list: { id: string }[]) => list.map((o) => o.id.slice(-4));

describe('Manage Orders filters (spec section 2)', () => {
  it('finds orders by their id, whole or by its end, with or without #', () => {
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: '2222bbbb0002' }))).toEqual(['0002']);
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: '#bbbb0002' }))).toEqual(['0002']);
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: orders[0].id.toUpperCase() }))).toEqual(['0001']);
  });
  it('finds orders by the business name and the email, ignoring case and spaces', () => {
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: '  corner ' }))).toEqual(['0001', '0003']);
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: 'BISTRO@' }))).toEqual(['0002']);
    expect(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, text: 'nobody' })).toEqual([]);
  });
  it('combines the text with the status and the date', () => {
    expect(ids(filterAdminOrders(orders, NO_ADMIN_FILTERS))).toEqual(['0001', '0002', '0003']);
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, status: 'in_transit' }))).toEqual(['0002']);
    expect(ids(filterAdminOrders(orders, { ...NO_ADMIN_FILTERS, date: '2026-11-21' }))).toEqual(['0001', '0002']);
    expect(ids(filterAdminOrders(orders, { status: 'delivered', date: '2026-11-20', text: 'cafe@' }))).toEqual(['0003']);
    expect(filterAdminOrders(orders, { status: 'pending', date: '2026-11-20', text: '' })).toEqual([]);
  });
  it('treats blank text as no filter', () => {
    expect(matchesOrderText(orders[0], '   ')).toBe(true);
    expect(matchesOrderText(orders[0], '#')).toBe(true);
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

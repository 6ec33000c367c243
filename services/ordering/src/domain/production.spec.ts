import { DateTime } from 'luxon';
import { DEFAULT_DELIVERY_SCHEDULE, DELIVERY_TIME_SLOTS, type DeliverySchedule, type PackingSlip, type ScheduleContext, WEEKDAYS } from '@bakery/contracts';
import {
  bakeListProducts,
  batchesOf,
  comparePackingSlips,
  currentUnits,
  cutoffState,
  namedChanges,
  orderNumberOf,
  productNames,
  projectedDeliveries,
  projectedUnits,
  runSheetOf,
  type StandingOrderForDate,
  sumUnits,
  unitChangesSincePrint,
  weekGrid,
} from './production';

const ZONE = 'Europe/London';
const at = (local: string) => DateTime.fromISO(local, { zone: ZONE }).toJSDate();

/** Monday–Saturday, lead 1, 14:00; Sunday closed. */
const BAKERY: DeliverySchedule = {
  ...DEFAULT_DELIVERY_SCHEDULE,
  weekdays: WEEKDAYS.map((weekday) => ({ weekday, delivers: weekday !== 7, leadDays: 1, cutoffTime: '14:00', slots: [...DELIVERY_TIME_SLOTS] })),
};
const ctx = (now: Date, closures: ScheduleContext['closures'] = []): ScheduleContext => ({ schedule: BAKERY, closures, timeZone: ZONE, now });

const WEDNESDAY = '2026-12-02';
const names = productNames(
  [
    { productId: 'baguette', name: 'Baguette', category: 'breads', batchSize: 48 },
    { productId: 'sourdough', name: 'Sourdough', category: 'breads', batchSize: null },
    { productId: 'croissant', name: 'Croissant', category: 'pastries', batchSize: 24 },
    { productId: 'bagel', name: 'Plain Bagel', category: 'bagels', batchSize: null },
  ],
  new Map([['gone', 'Old Rye']]),
  'Product no longer available',
);

function standing(id: string, customerId: string, over: Partial<StandingOrderForDate['terms']> = {}, exceptions: StandingOrderForDate['exceptions'] = []): StandingOrderForDate {
  return {
    id,
    customerId,
    terms: {
      startDate: '2026-11-30',
      endDate: null,
      everyWeeks: 1,
      lines: [
        { productId: 'baguette', quantities: [20, 20, 20, 20, 20, 30, 0] },
        { productId: 'croissant', quantities: [0, 0, 5, 0, 0, 0, 0] },
      ],
      paused: false,
      pausedUntil: null,
      ...over,
    },
    exceptions,
  };
}

describe('batches', () => {
  it('rounds up to whole batches and says the spare units', () => {
    expect(batchesOf(100, 48)).toEqual({ batchSize: 48, count: 3, spare: 44 });
    expect(batchesOf(96, 48)).toEqual({ batchSize: 48, count: 2, spare: 0 });
    expect(batchesOf(1, 48)).toEqual({ batchSize: 48, count: 1, spare: 47 });
    expect(batchesOf(0, 48)).toEqual({ batchSize: 48, count: 0, spare: 0 });
    expect(batchesOf(100, null)).toBeNull();
  });
});

describe('the cut-off and the lock', () => {
  it('locks the list once the date’s cut-off has passed', () => {
    expect(cutoffState(WEDNESDAY, ctx(at('2026-12-01T13:59:59')))).toEqual({ cutoffAt: at('2026-12-01T14:00'), locked: false });
    expect(cutoffState(WEDNESDAY, ctx(at('2026-12-01T14:00')))).toEqual({ cutoffAt: at('2026-12-01T14:00'), locked: true });
  });

  it('has no cut-off on a day without deliveries', () => {
    expect(cutoffState('2026-12-06', ctx(at('2026-12-01T08:00')))).toEqual({ cutoffAt: null, locked: false });
    expect(cutoffState(WEDNESDAY, ctx(at('2026-12-01T08:00'), [{ id: 'x', from: WEDNESDAY, to: WEDNESDAY, message: 'Closed' }]))).toEqual({ cutoffAt: null, locked: false });
  });
});

describe('projected standing-order units', () => {
  const before = ctx(at('2026-12-01T08:00'));

  it('projects each standing order’s delivery of the date by its weekday quantities', () => {
    const projected = projectedDeliveries([standing('so-1', 'cafe'), standing('so-2', 'bistro')], new Set(), WEDNESDAY, before);
    expect(projected).toEqual([
      { standingOrderId: 'so-1', customerId: 'cafe', lines: [{ productId: 'baguette', quantity: 20 }, { productId: 'croissant', quantity: 5 }] },
      { standingOrderId: 'so-2', customerId: 'bistro', lines: [{ productId: 'baguette', quantity: 20 }, { productId: 'croissant', quantity: 5 }] },
    ]);
  });

  it('leaves out deliveries already placed as orders, skipped, paused, not due by cadence, or on a closure', () => {
    const list = [
      standing('placed', 'a'),
      standing('skipped', 'b', {}, [{ date: WEDNESDAY, skip: true, lines: null }]),
      standing('paused', 'c', { paused: true, pausedUntil: '2026-12-03' }),
      standing('fortnightly', 'd', { everyWeeks: 2, startDate: '2026-11-23' }),
      standing('ended', 'e', { endDate: '2026-12-01' }),
    ];
    expect(projectedDeliveries(list, new Set(['placed']), WEDNESDAY, before)).toEqual([]);
    expect(projectedDeliveries([standing('x', 'a')], new Set(), WEDNESDAY, ctx(at('2026-12-01T08:00'), [{ id: 'c', from: WEDNESDAY, to: WEDNESDAY, message: '' }]))).toEqual([]);
  });

  it('takes a date’s own quantities (a zero drops the product)', () => {
    const changed = standing('so', 'cafe', {}, [{ date: WEDNESDAY, skip: false, lines: [{ productId: 'baguette', quantity: 7 }, { productId: 'croissant', quantity: 0 }] }]);
    expect(projectedUnits(projectedDeliveries([changed], new Set(), WEDNESDAY, before))).toEqual([{ productId: 'baguette', customerId: 'cafe', quantity: 7 }]);
  });

  it('sums a customer’s standing orders per product', () => {
    const two = [standing('so-1', 'cafe'), standing('so-2', 'cafe', { lines: [{ productId: 'baguette', quantities: [1, 1, 1, 1, 1, 1, 1] }] })];
    expect(projectedUnits(projectedDeliveries(two, new Set(), WEDNESDAY, before))).toEqual([
      { productId: 'baguette', customerId: 'cafe', quantity: 21 },
      { productId: 'croissant', customerId: 'cafe', quantity: 5 },
    ]);
  });
});

describe('bake list sums', () => {
  const placed = [
    { productId: 'baguette', customerId: 'cafe', quantity: 30 },
    { productId: 'baguette', customerId: 'bistro', quantity: 40 },
    { productId: 'croissant', customerId: 'cafe', quantity: 12 },
    { productId: 'bagel', customerId: 'deli', quantity: 6 },
    { productId: 'gone', customerId: 'deli', quantity: 2 },
  ];
  const projected = [
    { productId: 'baguette', customerId: 'cafe', quantity: 20 },
    { productId: 'baguette', customerId: 'hotel', quantity: 10 },
    { productId: 'sourdough', customerId: 'hotel', quantity: 4 },
  ];

  it('totals placed and projected units per product, counts distinct customers, and works out batches', () => {
    expect(bakeListProducts(placed, projected, names)).toEqual([
      { productId: 'bagel', name: 'Plain Bagel', category: 'bagels', quantity: 6, projectedQuantity: 0, customers: 1, batches: null },
      { productId: 'baguette', name: 'Baguette', category: 'breads', quantity: 70, projectedQuantity: 30, customers: 3, batches: { batchSize: 48, count: 3, spare: 44 } },
      { productId: 'sourdough', name: 'Sourdough', category: 'breads', quantity: 0, projectedQuantity: 4, customers: 1, batches: null },
      { productId: 'croissant', name: 'Croissant', category: 'pastries', quantity: 12, projectedQuantity: 0, customers: 1, batches: { batchSize: 24, count: 1, spare: 12 } },
      // no longer in the catalogue: the name the order kept, listed last
      { productId: 'gone', name: 'Old Rye', category: null, quantity: 2, projectedQuantity: 0, customers: 1, batches: null },
    ]);
  });

  it('is empty for a date with nothing', () => {
    expect(bakeListProducts([], [], names)).toEqual([]);
  });

  it('sums lines per product and customer, dropping lines of nothing', () => {
    expect(sumUnits([
      { productId: 'a', customerId: 'x', quantity: 2 },
      { productId: 'a', customerId: 'x', quantity: 3 },
      { productId: 'a', customerId: 'y', quantity: 0 },
    ])).toEqual([{ productId: 'a', customerId: 'x', quantity: 5 }]);
    expect(currentUnits(placed.slice(0, 1), projected.slice(0, 1))).toEqual([{ productId: 'baguette', customerId: 'cafe', quantity: 50 }]);
  });
});

describe('changes since the print', () => {
  const printed = [
    { productId: 'baguette', customerId: 'cafe', quantity: 30, name: 'Baguette', businessName: 'Corner Coffee' },
    { productId: 'croissant', customerId: 'cafe', quantity: 12, name: 'Croissant', businessName: 'Corner Coffee' },
    { productId: 'baguette', customerId: 'bistro', quantity: 40, name: 'Baguette', businessName: 'Bistro Forno' },
  ];
  const nameOf = (line: { productId: string; customerId: string }) => ({
    name: names(line.productId).name,
    businessName: { cafe: 'Corner Coffee', bistro: 'Bistro Forno', deli: 'Deli' }[line.customerId] ?? '?',
  });

  it('lists lines changed, added and removed, by product then customer', () => {
    const now = [
      { productId: 'baguette', customerId: 'cafe', quantity: 35 }, // amended
      { productId: 'baguette', customerId: 'bistro', quantity: 40 }, // unchanged
      { productId: 'bagel', customerId: 'deli', quantity: 6 }, // added
      // croissant for cafe: cancelled
    ];
    const changed = unitChangesSincePrint(printed, now);
    // unnamed: the customers to ask for are those of lines still there
    expect(changed.filter((c) => c.after > 0).map((c) => c.customerId).sort()).toEqual(['cafe', 'deli']);
    expect(namedChanges(changed, nameOf)).toEqual([
      { productId: 'baguette', name: 'Baguette', customerId: 'cafe', businessName: 'Corner Coffee', before: 30, after: 35 },
      { productId: 'croissant', name: 'Croissant', customerId: 'cafe', businessName: 'Corner Coffee', before: 12, after: 0 },
      { productId: 'bagel', name: 'Plain Bagel', customerId: 'deli', businessName: 'Deli', before: 0, after: 6 },
    ]);
  });

  it('names lines gone since by the print, whatever the names are now', () => {
    const renamed = (line: { productId: string; customerId: string }) => ({ name: `now ${line.productId}`, businessName: `now ${line.customerId}` });
    expect(namedChanges(unitChangesSincePrint(printed, printed.slice(1)), renamed)).toEqual([
      { productId: 'baguette', name: 'Baguette', customerId: 'cafe', businessName: 'Corner Coffee', before: 30, after: 0 },
    ]);
  });

  it('is empty when nothing changed, and leaves out lines printed with nothing', () => {
    expect(unitChangesSincePrint(printed, printed)).toEqual([]);
    expect(unitChangesSincePrint([...printed, { ...printed[0], customerId: 'deli', quantity: 0 }], printed)).toEqual([]);
  });
});

describe('the week ahead', () => {
  it('puts products in rows and dates in columns, placed and projected together', () => {
    const dates = ['2026-12-01', '2026-12-02', '2026-12-03'];
    expect(
      weekGrid(
        dates,
        [
          { date: '2026-12-01', productId: 'croissant', quantity: 4 },
          { date: '2026-12-02', productId: 'baguette', quantity: 10 },
          { date: '2026-12-02', productId: 'baguette', quantity: 5 },
          { date: '2026-12-03', productId: 'baguette', quantity: 1 },
          { date: '2026-12-09', productId: 'baguette', quantity: 99 },
        ],
        names,
      ),
    ).toEqual([
      { productId: 'baguette', name: 'Baguette', category: 'breads', quantities: [0, 15, 1] },
      { productId: 'croissant', name: 'Croissant', category: 'pastries', quantities: [4, 0, 0] },
    ]);
  });
});

describe('packing slips and the run sheet', () => {
  const slip = (orderId: string, customerId: string, businessName: string, slot: PackingSlip['deliveryTimeSlot'], dropPosition: number | null, units: number, instructions: string | null = null): PackingSlip => ({
    orderId,
    orderNumber: orderNumberOf(orderId),
    customerId,
    businessName,
    address: `${businessName} street`,
    phone: null,
    deliveryTimeSlot: slot,
    specialInstructions: instructions,
    dropPosition,
    items: [{ productId: 'baguette', name: 'Baguette', quantity: units }],
  });
  const [early, mid] = DELIVERY_TIME_SLOTS;
  const slips = [
    slip('o-none', 'zed', 'Zed', null, 1, 1),
    slip('o-mid', 'amy', 'Amy', mid, 1, 2),
    slip('o-early-noposition', 'bob', 'Bob', early, null, 3),
    slip('o-early-2', 'cat', 'Cat', early, 2, 4, 'Back door'),
    slip('o-early-1', 'dan', 'Dan', early, 1, 5),
    slip('o-early-2b', 'cat', 'Cat', early, 2, 6, 'Ring twice'),
    slip('o-early-noposition-a', 'abe', 'Abe', early, null, 7),
  ];

  it('sorts slips by slot (none last), then drop position (none last), then business name', () => {
    expect([...slips].sort(comparePackingSlips).map((s) => s.orderId)).toEqual([
      'o-early-1',
      'o-early-2',
      'o-early-2b',
      'o-early-noposition-a',
      'o-early-noposition',
      'o-mid',
      'o-none',
    ]);
  });

  it('makes one stop per customer per slot, numbered in drop order, with the units and instructions', () => {
    expect(runSheetOf(WEDNESDAY, slips)).toEqual({
      date: WEDNESDAY,
      slots: [
        {
          slot: early,
          stops: [
            { position: 1, customerId: 'dan', businessName: 'Dan', address: 'Dan street', phone: null, instructions: null, items: 5, orderIds: ['o-early-1'] },
            { position: 2, customerId: 'cat', businessName: 'Cat', address: 'Cat street', phone: null, instructions: 'Back door; Ring twice', items: 10, orderIds: ['o-early-2', 'o-early-2b'] },
            { position: 3, customerId: 'abe', businessName: 'Abe', address: 'Abe street', phone: null, instructions: null, items: 7, orderIds: ['o-early-noposition-a'] },
            { position: 4, customerId: 'bob', businessName: 'Bob', address: 'Bob street', phone: null, instructions: null, items: 3, orderIds: ['o-early-noposition'] },
          ],
        },
        { slot: mid, stops: [{ position: 1, customerId: 'amy', businessName: 'Amy', address: 'Amy street', phone: null, instructions: null, items: 2, orderIds: ['o-mid'] }] },
        { slot: null, stops: [{ position: 1, customerId: 'zed', businessName: 'Zed', address: 'Zed street', phone: null, instructions: null, items: 1, orderIds: ['o-none'] }] },
      ],
    });
  });

  it('numbers orders by their id’s last eight characters', () => {
    expect(orderNumberOf('7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab')).toBe('456789AB');
  });
});

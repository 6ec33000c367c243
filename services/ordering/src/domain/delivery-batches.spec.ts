import { batchesByCustomer } from './delivery-batches';

const delivery = (customer: string, n: number) => ({ customer, n });
const customerOf = (d: { customer: string }) => d.customer;

describe('batchesByCustomer', () => {
  it('keeps every customer in one batch, so batches written side by side never share a customer', () => {
    // customer b's three deliveries come apart in the sweep's order (standing order ids)
    const deliveries = [delivery('b', 1), delivery('a', 1), delivery('c', 1), delivery('b', 2), delivery('d', 1), delivery('b', 3)];
    const batches = batchesByCustomer(deliveries, customerOf, 2);
    const customersOf = batches.map((batch) => new Set(batch.map(customerOf)));
    for (const [i, mine] of customersOf.entries()) {
      for (const other of customersOf.slice(i + 1)) expect([...mine].filter((c) => other.has(c))).toEqual([]);
    }
    expect(batches.flat()).toHaveLength(deliveries.length);
  });

  it('fills a batch to its size, then finishes its last customer', () => {
    const deliveries = [delivery('a', 1), delivery('b', 1), delivery('b', 2), delivery('b', 3), delivery('c', 1), delivery('d', 1)];
    expect(batchesByCustomer(deliveries, customerOf, 2).map((batch) => batch.map((d) => `${d.customer}${d.n}`))).toEqual([
      ['a1', 'b1', 'b2', 'b3'],
      ['c1', 'd1'],
    ]);
  });

  it('keeps the sweep order within a customer and treats ids case-insensitively', () => {
    const deliveries = [delivery('AA', 1), delivery('bb', 1), delivery('aa', 2)];
    expect(batchesByCustomer(deliveries, customerOf, 10)).toEqual([[delivery('AA', 1), delivery('aa', 2), delivery('bb', 1)]]);
  });

  it('answers no batch for no delivery', () => {
    expect(batchesByCustomer([], customerOf, 50)).toEqual([]);
  });
});

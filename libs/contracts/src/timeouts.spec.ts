import { CatalogPatterns, CustomersPatterns, OrderingPatterns, rpcTimeoutFor } from '.';

describe('RPC timeout budgets', () => {
  it('keeps the default for ordinary calls', () => {
    expect(rpcTimeoutFor(CatalogPatterns.getProducts, 5000)).toBe(5000);
  });

  it('lets a reserve wait in a sell-out queue longer than an ordinary call', () => {
    expect(rpcTimeoutFor(CatalogPatterns.reserve, 5000)).toBe(10_000);
  });

  it('makes the gateway wait longer than placing an order can take, so it never answers 503 for an order that is then placed', () => {
    const base = 5000;
    const orderingWaits = rpcTimeoutFor(CustomersPatterns.orderContact, base) + rpcTimeoutFor(CatalogPatterns.reserve, base);
    expect(rpcTimeoutFor(OrderingPatterns.placeOrder, base)).toBeGreaterThan(orderingWaits);
  });
});

import { AuthPatterns, CatalogPatterns, CustomersPatterns, OrderingPatterns, pendingTakeoverAgeMs, rpcTimeoutFor } from '.';

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

describe('registration saga budgets', () => {
  const base = 5000;
  const sagaWaits = rpcTimeoutFor(AuthPatterns.createPendingUser, base) + rpcTimeoutFor(AuthPatterns.activateUser, base);

  it('makes the gateway wait longer than a registration saga waits for auth', () => {
    expect(rpcTimeoutFor(CustomersPatterns.register, base)).toBeGreaterThan(sagaWaits);
    expect(rpcTimeoutFor(CustomersPatterns.create, base)).toBeGreaterThan(sagaWaits);
  });

  it('never lets a registration take over a pending identity whose saga may still be running', () => {
    expect(pendingTakeoverAgeMs(base)).toBeGreaterThan(rpcTimeoutFor(CustomersPatterns.register, base));
    expect(pendingTakeoverAgeMs(base)).toBe(30_000);
  });
});

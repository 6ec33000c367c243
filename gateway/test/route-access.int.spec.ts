import { ApiClient, signedInAdmin, signedInCustomer, TestStack } from '@bakery/testing';
import { RouteAudit } from '../src/auth/route-audit';

type Access = 'public' | 'signedIn' | 'admin' | 'customer';

/** Public, but authorized by the signature in its URL: without one everybody gets 403. */
export const SIGNED_URL_ONLY = new Set(['PUT /objects/upload/:id']);

/**
 * Every /api route and who may call it. The first test fails when the gateway has a route this
 * table does not list (or the other way round), so every new route must be added here, with
 * its access level, and is then walked by the matrix below.
 */
export const ROUTES: { method: string; path: string; access: Access }[] = [
  { method: 'GET', path: '/api/health', access: 'public' },
  { method: 'GET', path: '/api/health/:service', access: 'public' },
  { method: 'POST', path: '/api/auth/register', access: 'public' },
  { method: 'POST', path: '/api/auth/login', access: 'public' },
  { method: 'POST', path: '/api/auth/admin-login', access: 'public' },
  { method: 'POST', path: '/api/auth/admin-register', access: 'public' },
  { method: 'POST', path: '/api/auth/logout', access: 'public' },
  { method: 'GET', path: '/api/auth/user', access: 'signedIn' },
  { method: 'POST', path: '/api/auth/forgot-password', access: 'public' },
  { method: 'POST', path: '/api/auth/reset-password', access: 'public' },
  { method: 'GET', path: '/api/login', access: 'public' },
  { method: 'GET', path: '/api/account', access: 'customer' },
  { method: 'PATCH', path: '/api/account', access: 'customer' },
  { method: 'POST', path: '/api/account/password', access: 'customer' },
  { method: 'GET', path: '/api/account/notifications', access: 'customer' },
  { method: 'PUT', path: '/api/account/notifications', access: 'customer' },
  { method: 'GET', path: '/api/customers', access: 'admin' },
  { method: 'POST', path: '/api/customers', access: 'admin' },
  { method: 'GET', path: '/api/customers/:id', access: 'admin' },
  { method: 'PATCH', path: '/api/customers/:id', access: 'admin' },
  { method: 'GET', path: '/api/customers/:id/terms', access: 'admin' },
  { method: 'PUT', path: '/api/customers/:id/terms', access: 'admin' },
  { method: 'GET', path: '/api/customers/:id/terms/audit', access: 'admin' },
  { method: 'GET', path: '/api/admin/price-lists', access: 'admin' },
  { method: 'POST', path: '/api/admin/price-lists', access: 'admin' },
  { method: 'GET', path: '/api/admin/price-lists/:id', access: 'admin' },
  { method: 'PUT', path: '/api/admin/price-lists/:id', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/price-lists/:id', access: 'admin' },
  { method: 'GET', path: '/api/admin/price-lists/:id/customers', access: 'admin' },
  { method: 'GET', path: '/api/products', access: 'signedIn' },
  { method: 'GET', path: '/api/products/:id', access: 'signedIn' },
  { method: 'POST', path: '/api/products', access: 'admin' },
  { method: 'POST', path: '/api/products/customer', access: 'customer' },
  { method: 'PATCH', path: '/api/products/:id', access: 'admin' },
  { method: 'PATCH', path: '/api/products/:id/toggle-active', access: 'admin' },
  { method: 'DELETE', path: '/api/products/:id', access: 'admin' },
  { method: 'GET', path: '/api/admin/inventory/low-stock', access: 'admin' },
  { method: 'GET', path: '/api/admin/notifications/count', access: 'admin' },
  { method: 'POST', path: '/api/admin/notifications/mark-read', access: 'admin' },
  { method: 'GET', path: '/api/admin/mail', access: 'admin' },
  { method: 'GET', path: '/api/cart', access: 'customer' },
  { method: 'GET', path: '/api/cart/count', access: 'customer' },
  { method: 'POST', path: '/api/cart', access: 'customer' },
  { method: 'PUT', path: '/api/cart/:id', access: 'customer' },
  { method: 'DELETE', path: '/api/cart/:id', access: 'customer' },
  { method: 'GET', path: '/api/config/pricing', access: 'signedIn' },
  { method: 'PUT', path: '/api/config/pricing', access: 'admin' },
  { method: 'GET', path: '/api/calendar', access: 'signedIn' },
  { method: 'GET', path: '/api/delivery/calendar', access: 'signedIn' },
  { method: 'POST', path: '/api/standing-orders', access: 'signedIn' },
  { method: 'POST', path: '/api/standing-orders/skip-link/check', access: 'public' },
  { method: 'POST', path: '/api/standing-orders/skip-link', access: 'public' },
  { method: 'GET', path: '/api/standing-orders', access: 'signedIn' },
  { method: 'GET', path: '/api/standing-orders/upcoming', access: 'signedIn' },
  { method: 'GET', path: '/api/standing-orders/:id', access: 'signedIn' },
  { method: 'PUT', path: '/api/standing-orders/:id', access: 'signedIn' },
  { method: 'DELETE', path: '/api/standing-orders/:id', access: 'signedIn' },
  { method: 'POST', path: '/api/standing-orders/:id/pause', access: 'signedIn' },
  { method: 'POST', path: '/api/standing-orders/:id/resume', access: 'signedIn' },
  { method: 'PUT', path: '/api/standing-orders/:id/deliveries/:date', access: 'signedIn' },
  { method: 'GET', path: '/api/admin/delivery-schedule', access: 'admin' },
  { method: 'PUT', path: '/api/admin/delivery-schedule', access: 'admin' },
  { method: 'GET', path: '/api/admin/closures', access: 'admin' },
  { method: 'POST', path: '/api/admin/closures', access: 'admin' },
  { method: 'DELETE', path: '/api/admin/closures/:id', access: 'admin' },
  { method: 'GET', path: '/api/admin/production/bake-list', access: 'admin' },
  { method: 'GET', path: '/api/admin/production/bake-list/customers', access: 'admin' },
  { method: 'POST', path: '/api/admin/production/prints', access: 'admin' },
  { method: 'GET', path: '/api/admin/production/week', access: 'admin' },
  { method: 'GET', path: '/api/admin/production/packing-slips', access: 'admin' },
  { method: 'GET', path: '/api/admin/production/run-sheet', access: 'admin' },
  { method: 'POST', path: '/api/orders', access: 'customer' },
  { method: 'GET', path: '/api/orders', access: 'signedIn' },
  { method: 'GET', path: '/api/orders/:id', access: 'signedIn' },
  { method: 'PUT', path: '/api/orders/:id/status', access: 'admin' },
  { method: 'POST', path: '/api/orders/:id/cancel', access: 'customer' },
  { method: 'PATCH', path: '/api/orders/:id', access: 'signedIn' },
  { method: 'POST', path: '/api/orders/:id/reorder', access: 'customer' },
  { method: 'POST', path: '/api/orders/:id/invoice', access: 'admin' },
  { method: 'GET', path: '/api/invoices', access: 'signedIn' },
  { method: 'GET', path: '/api/invoices/:id', access: 'signedIn' },
  { method: 'GET', path: '/api/invoices/:id/pdf', access: 'signedIn' },
  { method: 'PUT', path: '/api/invoices/:id/paid', access: 'admin' },
  { method: 'GET', path: '/api/admin/bakery-details', access: 'admin' },
  { method: 'PUT', path: '/api/admin/bakery-details', access: 'admin' },
  { method: 'GET', path: '/api/dashboard/metrics', access: 'signedIn' },
  { method: 'POST', path: '/api/objects/upload', access: 'signedIn' },
  { method: 'PUT', path: '/api/products/images', access: 'signedIn' },
  { method: 'PUT', path: '/objects/upload/:id', access: 'public' },
  { method: 'GET', path: '/objects/uploads/:id', access: 'public' },
  { method: 'GET', path: '/objects/uploads/:id/thumbnail', access: 'public' },
  { method: 'GET', path: '/api/openapi.json', access: 'public' },
  { method: 'GET', path: '/api/docs', access: 'public' },
  { method: 'GET', path: '/api/docs/:file', access: 'public' },
];

const SOME_ID = '7d9f0c3e-2b1a-4c5d-8e6f-0123456789ab';

function expected(access: Access, caller: 'anonymous' | 'customer' | 'admin'): 'allowed' | 401 | 403 {
  if (access === 'public') return 'allowed';
  if (caller === 'anonymous') return 401;
  if (access === 'admin' && caller !== 'admin') return 403;
  if (access === 'customer' && caller !== 'customer') return 403;
  return 'allowed';
}

describe('route access table', () => {
  let stack: TestStack;
  let callers: Record<'anonymous' | 'customer' | 'admin', ApiClient>;

  beforeAll(async () => {
    stack = await TestStack.start();
    callers = {
      anonymous: new ApiClient(stack.url),
      customer: await signedInCustomer(stack.url),
      admin: await signedInAdmin(stack.url),
    };
  });
  afterAll(() => stack?.close());

  it('lists exactly the routes the gateway serves, each with its declared access', () => {
    const served = stack.gateway().app.get(RouteAudit).routes();
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    expect(served.map(key).sort()).toEqual(ROUTES.map(key).sort());
    for (const route of ROUTES) {
      expect(served.find((r) => key(r) === key(route))?.access).toBe(route.access);
    }
  });

  const cells = ROUTES.flatMap((route) =>
    (['anonymous', 'customer', 'admin'] as const).map((caller) => ({ ...route, caller })),
  );

  it.each(cells)('$method $path as $caller', async ({ method, path, access, caller }) => {
    // logout would end the shared sessions; call it with a throwaway client instead
    const client = path === '/api/auth/logout' ? callers[caller].on(stack.url) : callers[caller];
    if (path === '/api/auth/logout' && caller !== 'anonymous') client.cookie = undefined;
    const res = await client.call(method, path.replace(':id', SOME_ID).replace(':service', 'auth'), method === 'GET' ? undefined : {});
    const want = SIGNED_URL_ONLY.has(`${method} ${path}`) ? 403 : expected(access, caller);
    if (want === 'allowed') {
      expect([401, 403]).not.toContain(res.status);
      expect(res.status).toBeLessThan(500);
    } else {
      expect(res.status).toBe(want);
      expect(res.body).toMatchObject({ statusCode: want, code: want === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN' });
      expect(res.body.message).toEqual(expect.any(String));
    }
  });
});

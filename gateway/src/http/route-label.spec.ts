import { methodLabel, routeLabel } from './route-label';

describe('routeLabel', () => {
  it('is the template of the route that answered, never the raw URL', () => {
    expect(routeLabel({ method: 'GET', path: '/api/orders/0b0c7a64-3f0e-4c1e-9a57-1f7d2b9b2a11', route: { path: '/api/orders/:id' } })).toBe('/api/orders/:id');
    expect(routeLabel({ method: 'GET', path: '/x/y', baseUrl: '/x', route: { path: '/y' } })).toBe('/x/y');
  });

  it('groups what reached no route', () => {
    expect(routeLabel({ method: 'GET', path: '/api/no-such-route/123' })).toBe('unmatched');
    expect(routeLabel({ method: 'POST', path: '/objects/abc' })).toBe('unmatched');
    expect(routeLabel({ method: 'GET', path: '/socket.io/', })).toBe('/socket.io');
    expect(routeLabel({ method: 'GET', path: '/assets/index-abc123.js' })).toBe('web');
    expect(routeLabel({ method: 'GET', path: '/orders/42' })).toBe('web');
    // a route object without a path string (not Nest's): grouped too
    expect(routeLabel({ method: 'GET', path: '/api/x', route: { path: /x/ } })).toBe('unmatched');
  });
});

describe('methodLabel', () => {
  it('keeps the methods the API answers and folds the rest', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});

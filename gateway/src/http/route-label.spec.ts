import { methodLabel, routeLabel } from './route-label';

describe('routeLabel', () => {
  it('is the template of the route that answered, never the raw URL', () => {
    expect(routeLabel({ path: '/api/orders/0b0c7a64-3f0e-4c1e-9a57-1f7d2b9b2a11', template: '/api/orders/:id' })).toBe('/api/orders/:id');
  });

  it('groups what reached no route', () => {
    expect(routeLabel({ path: '/api/no-such-route/123' })).toBe('unmatched');
    expect(routeLabel({ path: '/objects/abc' })).toBe('unmatched');
    expect(routeLabel({ path: '/socket.io/' })).toBe('/socket.io');
    expect(routeLabel({ path: '/assets/index-abc123.js' })).toBe('web');
    expect(routeLabel({ path: '/orders/42' })).toBe('web');
  });
});

describe('methodLabel', () => {
  it('keeps the methods the API answers and folds the rest', () => {
    expect(methodLabel('GET')).toBe('GET');
    expect(methodLabel('DELETE')).toBe('DELETE');
    expect(methodLabel('PROPFIND')).toBe('OTHER');
  });
});

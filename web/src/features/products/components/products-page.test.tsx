import { screen, waitFor } from '@testing-library/react';
import { makeProduct } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { FIRST_CARDS, FIRST_PHOTOS, ProductsPage } from './products-page';

const customer = { id: 'u1', email: 'cafe@demo.bakery', role: 'customer', businessName: 'Corner Coffee' };

describe('products page: a long catalogue', () => {
  it('shows every product, the ones past the first screen in a deferred render', async () => {
    const count = FIRST_CARDS + 3;
    const names = Array.from({ length: count }, (_, i) => `Loaf ${String(i).padStart(2, '0')}`);
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(customer),
      'GET /api/products': () => jsonResponse(names.map((name, i) => makeProduct({ id: `p${i}`, name }))),
      'GET /api/cart': () => jsonResponse([]),
    });
    renderRoutes([{ path: '/products', element: <ProductsPage /> }], { path: '/products' });
    const grid = await screen.findByRole('region', { name: 'Products' });
    // the cards past the first screen arrive with the deferred render (read from the DOM directly:
    // role queries over this many cards cost jsdom seconds each)
    const cards = () => Array.from(grid.querySelectorAll('article')).map((card) => card.getAttribute('aria-label'));
    await waitFor(() => expect(cards()).toHaveLength(count));
    expect(cards()).toEqual(names);
  });

  it('fetches the first screen’s photos at once and ahead; the rest lazily', async () => {
    const count = FIRST_PHOTOS + 3;
    mockFetch({
      'GET /api/auth/user': () => jsonResponse(customer),
      'GET /api/products': () => jsonResponse(Array.from({ length: count }, (_, i) => makeProduct({ id: `p${i}`, name: `Loaf ${i}`, imageUrl: `/objects/uploads/p${i}` }))),
      'GET /api/cart': () => jsonResponse([]),
    });
    renderRoutes([{ path: '/products', element: <ProductsPage /> }], { path: '/products' });
    const grid = await screen.findByRole('region', { name: 'Products' });
    await waitFor(() => expect(grid.querySelectorAll('img')).toHaveLength(count));
    const photos = Array.from(grid.querySelectorAll('img')).map((img) => `${img.getAttribute('loading')}/${img.getAttribute('fetchpriority')}`);
    expect(photos).toEqual([...Array<string>(FIRST_PHOTOS).fill('eager/high'), ...Array<string>(count - FIRST_PHOTOS).fill('lazy/auto')]);
  });
});

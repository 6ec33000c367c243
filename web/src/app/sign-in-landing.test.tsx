import { act, fireEvent, screen } from '@testing-library/react';
import { dismissToast } from '@/components/ui/toast-store';
import { makeProduct } from '@/testing/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { createAppQueryClient } from './provider';
import { routes } from './router';

// The dashboard's chunk: asking for it (React rendering / with the new session) is what this file watches.
const mockDashboardChunkLoaded = jest.fn();
jest.mock('@/features/dashboard/components/dashboard-page', () => {
  mockDashboardChunkLoaded();
  return { __esModule: true, default: () => <h1>Dashboard</h1> };
});

const customer = { id: 'u1', email: 'cafe@demo.bakery', role: 'customer', businessName: 'Corner Coffee' };

describe('signing in (issue 14, first screen)', () => {
  beforeEach(() => act(() => dismissToast()));

  it('goes straight to the catalogue: / is not rendered with the new session on the way', async () => {
    let signedIn = false;
    mockFetch({
      'GET /api/auth/user': () => (signedIn ? jsonResponse(customer) : jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized')),
      'POST /api/auth/login': () => {
        signedIn = true;
        return jsonResponse({ user: customer });
      },
      'GET /api/products': () => jsonResponse([makeProduct({ id: 'p1', name: 'Sourdough Loaf' })]),
      'GET /api/cart': () => jsonResponse([]),
      'GET /api/cart/count': () => jsonResponse({ count: 0 }),
    });
    const { router } = renderRoutes(routes, { path: '/', queryClient: createAppQueryClient() });
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'cafe@demo.bakery' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByLabelText('Sourdough Loaf', { selector: 'article' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    // rendering the dashboard first suspends on its chunk, and React then holds that fallback for
    // 300 ms before the catalogue may show
    expect(mockDashboardChunkLoaded).not.toHaveBeenCalled();
  });
});

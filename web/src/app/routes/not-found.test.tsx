import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { NotFoundPage } from './not-found';

it('names the page in the browser tab and offers a way out', async () => {
  mockFetch({ 'GET /api/auth/user': () => jsonResponse({ message: 'Unauthorized' }, 401) });
  renderRoutes([{ path: '*', element: <NotFoundPage /> }], { path: '/no-such-page' });
  expect(await screen.findByText('Sign in')).toBeTruthy();
  expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('404 Page Not Found');
  expect(document.title).toBe('Page Not Found · Bakery Wholesale');
});

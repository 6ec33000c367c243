import { screen } from '@testing-library/react';
import { AUTH_TAGLINE } from '@/features/auth/components/auth-frame';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { routes } from './router';

// A file of its own: the landing page's forms must not have been loaded by an earlier test.
describe('the landing page before its forms have loaded', () => {
  it('paints the brand at once, and keeps the same elements once the forms are there', async () => {
    mockFetch({ 'GET /api/auth/user': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized') });
    renderRoutes(routes, { path: '/' });
    // at once: the brand, and the card saying Loading... while the forms' code loads
    const tagline = screen.getByText(AUTH_TAGLINE);
    expect(screen.getByText('Bakery Wholesale', { selector: 'h1' })).toBeInTheDocument();
    expect(screen.getByText('Loading...').closest('.auth-card')).not.toBeNull();

    expect(await screen.findByText('Sign In', { selector: '[role=tab]' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    // the brand was not drawn again: the browser's largest paint stays the first one
    expect(screen.getByText(AUTH_TAGLINE)).toBe(tagline);
  });
});

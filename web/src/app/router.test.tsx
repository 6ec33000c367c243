import { act, render, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch } from '@/testing/test-utils';
import { AppProvider } from './provider';
import { AppRouter } from './router';

// Which of the signed-in screens' modules have been loaded (the lazy imports require them).
const mockLoaded: string[] = [];
jest.mock('./shell', () => {
  mockLoaded.push('shell');
  return { __esModule: true, default: () => null };
});
jest.mock('./realtime', () => {
  mockLoaded.push('realtime');
  return { __esModule: true, RealtimeBridge: () => null };
});
jest.mock('@/features/products/components/products-page', () => {
  mockLoaded.push('products-page');
  return { __esModule: true, default: () => null };
});

describe('AppRouter: the screens after sign-in are fetched ahead', () => {
  afterEach(() => jest.useRealTimers());

  it('loads the shell and the catalogue once the sign-in page is up, before anyone signs in', async () => {
    jest.useFakeTimers();
    mockFetch({ 'GET /api/auth/user': () => jsonResponse({ statusCode: 401, message: 'You are not signed in' }, 401, 'Unauthorized') });
    render(
      <AppProvider>
        <AppRouter />
      </AppProvider>,
    );
    expect(mockLoaded).toEqual([]);
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    // nothing is fetched ahead until the sign-in page is on screen and the browser is idle
    await act(async () => {
      await jest.runOnlyPendingTimersAsync();
    });
    await waitFor(() => expect([...mockLoaded].sort()).toEqual(['products-page', 'realtime', 'shell']));
  });
});

import { queryOptions, useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { createQueryClient } from './query-client';
import { OPENING_READ_MS, readForPage, readOnOpen } from './page-reads';
import { jsonResponse, mockFetch, renderWithClient } from '@/testing/test-utils';

// one query read on every opening of its screen, one read once and kept (the app's default)
const onEveryOpening = queryOptions<{ n: number }>({ queryKey: ['/api/every'], refetchOnMount: readOnOpen });
const keptOnce = queryOptions<{ n: number }>({ queryKey: ['/api/once'] });

function Screen() {
  const every = useQuery(onEveryOpening);
  const once = useQuery(keptOnce);
  return <p>{every.data && once.data ? `every ${every.data.n}, once ${once.data.n}` : 'loading'}</p>;
}

/** Answers 1, 2, 3... per path: which read a screen shows. */
function serve() {
  const count: Record<string, number> = {};
  const answer = (path: string) => () => jsonResponse({ n: (count[path] = (count[path] ?? 0) + 1) });
  const fetchMock = mockFetch({ 'GET /api/every': answer('every'), 'GET /api/once': answer('once') });
  const reads = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path).length;
  return { reads };
}

describe('a page’s reads, asked for with its code', () => {
  afterEach(() => jest.useRealTimers());

  it('stand for the opening’s read: the page mounted after them reads nothing again', async () => {
    const { reads } = serve();
    const client = createQueryClient();
    await Promise.all([readForPage(client, onEveryOpening), readForPage(client, keptOnce)]);
    renderWithClient(<Screen />, { queryClient: client });
    expect(await screen.findByText('every 1, once 1')).toBeInTheDocument();
    expect(reads('/api/every')).toBe(1);
    expect(reads('/api/once')).toBe(1);
  });

  it('read a query read on every opening again, whatever the cache holds; one kept once only when missing', async () => {
    const { reads } = serve();
    const client = createQueryClient();
    await Promise.all([readForPage(client, onEveryOpening), readForPage(client, keptOnce)]);
    // the next opening of the page
    await expect(readForPage(client, onEveryOpening)).resolves.toEqual({ n: 2 });
    await expect(readForPage(client, keptOnce)).resolves.toEqual({ n: 1 });
    expect(reads('/api/every')).toBe(2);
    expect(reads('/api/once')).toBe(1);
  });

  it('stand for the opening only for a moment: a screen opened later reads again', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-29T08:00:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'nextTick', 'setImmediate'] });
    const { reads } = serve();
    const client = createQueryClient();
    await Promise.all([readForPage(client, onEveryOpening), readForPage(client, keptOnce)]);
    jest.setSystemTime(Date.now() + OPENING_READ_MS + 1);
    renderWithClient(<Screen />, { queryClient: client });
    expect(await screen.findByText('every 2, once 1')).toBeInTheDocument();
    expect(reads('/api/every')).toBe(2);
  });

  it('answer undefined for a read that failed, and the page’s own hook reads it again', async () => {
    let fail = true;
    const fetchMock = mockFetch({
      'GET /api/every': () => (fail ? jsonResponse({ statusCode: 503, message: 'Down' }, 503, 'Service Unavailable') : jsonResponse({ n: 7 })),
      'GET /api/once': () => jsonResponse({ n: 1 }),
    });
    const client = createQueryClient();
    await expect(readForPage(client, onEveryOpening)).resolves.toBeUndefined();
    fail = false;
    renderWithClient(<Screen />, { queryClient: client });
    expect(await screen.findByText('every 7, once 1')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === '/api/every')).toHaveLength(2));
  });
});

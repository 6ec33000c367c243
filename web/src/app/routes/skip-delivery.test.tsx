import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes } from '@/testing/test-utils';
import { SkipDeliveryPage, SkipLinkTexts } from './skip-delivery';

const TOKEN = 'A'.repeat(43);
const routes = [{ path: '/skip-delivery', element: <SkipDeliveryPage /> }];
const delivery = {
  standingOrderName: 'Thursday rye',
  deliveryDate: '2026-12-03',
  cutoffAt: '2026-12-02T14:00:00.000Z',
  deliveryTimeSlot: '6:00 AM - 8:00 AM',
  lines: [{ productId: 'p1', name: 'Sonnenblumenkernvollkornbrot', quantity: 6 }],
  skipped: false,
  message: null,
};
const SKIPPED = 'This delivery is skipped. Nothing will be ordered or charged for it.';
const USED = 'This link was already used: the delivery is skipped.';
const sent = (fetchMock: jest.Mock, call: number) => JSON.parse(String(fetchMock.mock.calls[call][1]?.body));

describe('the skip link’s page (issue 20)', () => {
  it('shows what the link skips without skipping it, then skips it with one click', async () => {
    const fetchMock = mockFetch({
      'POST /api/standing-orders/skip-link/check': () => jsonResponse(delivery),
      'POST /api/standing-orders/skip-link': () => jsonResponse({ ...delivery, skipped: true, message: SKIPPED }),
    });
    renderRoutes(routes, { path: `/skip-delivery?token=${TOKEN}` });
    expect(await screen.findByText('Thursday rye')).toBeInTheDocument();
    expect(screen.getByText('Thursday, December 3, 2026')).toBeInTheDocument();
    expect(screen.getByText('Sonnenblumenkernvollkornbrot')).toHaveAttribute('title', 'Sonnenblumenkernvollkornbrot');
    expect(document.title).toContain('Skip a delivery');
    // opening the page only asked what the link is for
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sent(fetchMock, 0)).toEqual({ token: TOKEN });

    fireEvent.click(screen.getByRole('button', { name: 'Skip this delivery' }));
    expect(await screen.findByText(SKIPPED)).toBeInTheDocument();
    expect(fetchMock.mock.calls[1][0]).toBe('/api/standing-orders/skip-link');
    expect(sent(fetchMock, 1)).toEqual({ token: TOKEN });
    expect(screen.queryByRole('button', { name: 'Skip this delivery' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my standing orders' })).toHaveAttribute('href', '/standing-orders');
  });

  it('says in the server’s words that a link was used, and offers no button', async () => {
    mockFetch({ 'POST /api/standing-orders/skip-link/check': () => jsonResponse({ statusCode: 409, message: USED, code: 'CONFLICT' }, 409, 'Conflict') });
    renderRoutes(routes, { path: `/skip-delivery?token=${TOKEN}` });
    expect(await screen.findByText(USED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Skip this delivery' })).not.toBeInTheDocument();
  });

  it('shows the refusal of a click that came too late, and keeps the page', async () => {
    const CLOSED = 'This link has expired: orders for this delivery have closed.';
    mockFetch({
      'POST /api/standing-orders/skip-link/check': () => jsonResponse(delivery),
      'POST /api/standing-orders/skip-link': () => jsonResponse({ statusCode: 409, message: CLOSED, code: 'CONFLICT' }, 409, 'Conflict'),
    });
    renderRoutes(routes, { path: `/skip-delivery?token=${TOKEN}` });
    fireEvent.click(await screen.findByRole('button', { name: 'Skip this delivery' }));
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.getByText('Thursday rye')).toBeInTheDocument();
  });

  it('without a token says the link is not valid and asks nothing', async () => {
    const fetchMock = mockFetch({});
    renderRoutes(routes, { path: '/skip-delivery' });
    expect(await screen.findByText(SkipLinkTexts.invalid)).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('offers Retry when the link could not be checked, and recovers', async () => {
    let fail = true;
    mockFetch({
      'POST /api/standing-orders/skip-link/check': () => (fail ? jsonResponse({ statusCode: 503, message: 'down' }, 503, 'Service Unavailable') : jsonResponse(delivery)),
    });
    renderRoutes(routes, { path: `/skip-delivery?token=${TOKEN}` });
    expect(await screen.findByText(SkipLinkTexts.loadFailed)).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Skip this delivery' })).toBeInTheDocument());
  });
});

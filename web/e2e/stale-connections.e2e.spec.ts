/**
 * The harness's retry of an API request reset on a kept-alive connection (support/harness.ts,
 * retryStaleConnections): a server that resets the first connection of each request.
 */
import * as net from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, retryStaleConnections } from './support/harness';

describe('API requests of the e2e browser contexts', () => {
  let browser: Browser;
  let server: net.Server;
  let url = '';
  // per request line: how many connections asked for it
  const attempts = new Map<string, number>();

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
    retryStaleConnections(browser);
    server = net.createServer((socket) => {
      socket.once('data', (data) => {
        const line = data.toString().split('\r\n')[0];
        const n = (attempts.get(line) ?? 0) + 1;
        attempts.set(line, n);
        // the first attempt meets a connection being torn down: a reset, as the gateway's idle close can give
        if (n === 1) socket.resetAndDestroy();
        else socket.end('HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
  });

  it('retry a GET that was reset, once, and answer the retry', async () => {
    const context = await browser.newContext();
    const res = await context.request.get(`${url}/api/cart`);
    expect(await res.text()).toBe('ok');
    expect(attempts.get('GET /api/cart HTTP/1.1')).toBe(2);
    await context.close();
  });

  it('do not retry a POST: it may have been applied', async () => {
    const context = await browser.newContext();
    await expect(context.request.post(`${url}/api/orders`, { data: {} })).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(attempts.get('POST /api/orders HTTP/1.1')).toBe(1);
    await context.close();
  });
});

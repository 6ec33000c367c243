import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { HealthReply } from '@bakery/contracts';
import { api, eventually, signedInAdmin, TestStack } from '@bakery/testing';

const ALL_UP = { auth: 'up', catalog: 'up', ordering: 'up', customers: 'up', notifications: 'up' };

describe('gateway and services skeleton', () => {
  let stack: TestStack;
  const webDist = mkdtempSync(path.join(tmpdir(), 'web-dist-'));

  beforeAll(async () => {
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
    stack = await TestStack.start({ env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(() => stack?.close());

  it('answers /api/health with every service up', async () => {
    const res = await api(stack.url, 'GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', services: ALL_UP });
  });

  it('names a stopped service "down" within 6 s, answers 503 for calls that need it, keeps serving the rest, and sees it up again when restarted', async () => {
    await stack.stopService('catalog');

    const started = Date.now();
    const health = await api(stack.url, 'GET', '/api/health');
    expect(Date.now() - started).toBeLessThan(6000);
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'degraded', services: { ...ALL_UP, catalog: 'down' } });

    const needsCatalog = await api(stack.url, 'GET', '/api/health/catalog');
    expect(needsCatalog.status).toBe(503);
    expect(needsCatalog.body).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: 'The catalog service is unavailable, please try again shortly',
    });

    const other = await api<HealthReply>(stack.url, 'GET', '/api/health/auth');
    expect(other.status).toBe(200);
    expect(other.body.service).toBe('auth');

    await stack.startService('catalog');
    const back = await api(stack.url, 'GET', '/api/health');
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ status: 'ok', services: ALL_UP });
  });

  it('shares requests between two instances of one service (queue group)', async () => {
    const second = await stack.startService('auth');
    const first = stack.instancesOf('auth')[0];
    // which instance answered is shown to admins only
    const admin = await signedInAdmin(stack.url);
    const counts = new Map<string, number>();
    for (let i = 0; i < 100; i++) {
      const res = await admin.get<HealthReply>('/api/health/auth');
      expect(res.status).toBe(200);
      counts.set(res.body.instanceId, (counts.get(res.body.instanceId) ?? 0) + 1);
    }
    expect([...counts.keys()].sort()).toEqual([first.instanceId, second.instanceId].sort());
    // NATS picks a queue member at random: with 100 requests each gets far more than 10.
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(10);
    expect([...counts.values()].reduce((a, b) => a + b, 0)).toBe(100);
  });

  it('refuses an unknown service name with 404 and never reaches NATS for it', async () => {
    const res = await api(stack.url, 'GET', '/api/health/billing');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
  });

  it('answers unknown /api routes with a JSON 404', async () => {
    const res = await api(stack.url, 'GET', '/api/no-such-route');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ statusCode: 404, code: 'NOT_FOUND', message: 'Cannot GET /api/no-such-route' });
  });

  it('answers malformed and oversized JSON bodies with JSON errors, not 500', async () => {
    const bad = await api(stack.url, 'POST', '/api/health', '{"not json');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ statusCode: 400, code: 'VALIDATION_FAILED', message: 'Request body is not valid JSON' });

    const big = await api(stack.url, 'POST', '/api/health', JSON.stringify({ text: 'x'.repeat(200 * 1024) }));
    expect(big.status).toBe(413);
    expect(big.body).toEqual({ statusCode: 413, code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('puts a correlation id on every response, keeping a plain one the caller sent', async () => {
    const own = await api(stack.url, 'GET', '/api/health', undefined, { 'x-correlation-id': 'trace-123' });
    expect(own.headers.get('x-correlation-id')).toBe('trace-123');
    const hostile = await api(stack.url, 'GET', '/api/health', undefined, { 'x-correlation-id': 'a b<script>' });
    expect(hostile.headers.get('x-correlation-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sets security headers', async () => {
    const res = await api(stack.url, 'GET', '/api/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('serves the web app at / and index.html for client routes, but not for /api, /socket.io or /objects', async () => {
    for (const route of ['/', '/products', '/admin/orders']) {
      const res = await fetch(`${stack.url}${route}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('<div id="root">');
    }
    const asset = await fetch(`${stack.url}/assets/app-abc123.js`);
    expect(await asset.text()).toBe('console.log(1)');
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const apiRoute = await fetch(`${stack.url}/api/nothing-here`);
    expect(apiRoute.headers.get('content-type')).toContain('application/json');
    for (const route of ['/objects/uploads/x', '/socket.io/x']) {
      const res = await fetch(`${stack.url}${route}`);
      expect(await res.text()).not.toContain('<div id="root">');
    }
  });

  it('keeps working after a service instance comes and goes many times', async () => {
    for (let i = 0; i < 3; i++) {
      await stack.stopService('customers');
      await stack.startService('customers');
    }
    await eventually(async () => (await api(stack.url, 'GET', '/api/health')).status === 200);
  });
});

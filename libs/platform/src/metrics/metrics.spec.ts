import { parseExposition, sampleValue } from './exposition';
import { Metrics } from './metrics';
import { startMetricsServer } from './metrics-server';
import { httpRequestInstruments } from './instruments';

describe('Metrics', () => {
  it('labels every series with the component and adds the process metrics under the prefix when enabled', async () => {
    const metrics = new Metrics('ordering', true);
    metrics.counter('bakery_things_total', 'Things', ['kind']).inc({ kind: 'a' }, 2);
    const text = await metrics.text();
    expect(text).toContain('bakery_things_total{kind="a",service="ordering"} 2');
    expect(text).toMatch(/^bakery_process_cpu_user_seconds_total\{service="ordering"\} /m);
    expect(text).toMatch(/^bakery_nodejs_eventloop_lag_seconds\{service="ordering"\} /m);
    // nothing without the prefix
    expect(text.split('\n').filter((l) => l && !l.startsWith('#') && !l.startsWith('bakery_'))).toEqual([]);
  });

  it('makes an instrument once per name, and refuses other names or kinds', () => {
    const metrics = Metrics.disabled('catalog');
    const counter = metrics.counter('bakery_emails_sent_total', 'Emails');
    expect(metrics.counter('bakery_emails_sent_total', 'Emails')).toBe(counter);
    expect(() => metrics.gauge('bakery_emails_sent_total', 'Emails')).toThrow(/already a counter/);
    expect(() => metrics.counter('emails_sent_total', 'Emails')).toThrow(/must match/);
    expect(() => metrics.counter('bakery_Emails', 'Emails')).toThrow(/must match/);
  });

  it('adds no process metrics when disabled', async () => {
    expect(await Metrics.disabled('x').text()).not.toContain('process_cpu');
  });

  it('reads gauges on scrape; a collect that fails leaves the others', async () => {
    const metrics = Metrics.disabled('notifications');
    let backlog = 3;
    metrics.gauge('bakery_backlog', 'Backlog', [], (g) => g.set(backlog));
    metrics.gauge('bakery_broken', 'Broken', [], () => Promise.reject(new Error('database down')));
    expect(await metrics.text()).toContain('bakery_backlog{service="notifications"} 3');
    backlog = 5;
    const text = await metrics.text();
    expect(text).toContain('bakery_backlog{service="notifications"} 5');
    expect(text).toContain('# TYPE bakery_broken gauge');
  });

  it('counts and times HTTP requests together', async () => {
    const metrics = Metrics.disabled('gateway');
    const http = httpRequestInstruments(metrics);
    http.observe({ route: '/api/orders/:id', method: 'GET', status: '200' }, 0.02);
    http.observe({ route: '/api/orders/:id', method: 'GET', status: '200' }, 0.2);
    http.observe({ route: '/api/orders', method: 'POST', status: '201' }, 0.05);
    const samples = parseExposition(await metrics.text());
    const route = { route: '/api/orders/:id', method: 'GET', status: '200', service: 'gateway' };
    expect(sampleValue(samples, 'bakery_http_requests_total', route)).toBe(2);
    expect(sampleValue(samples, 'bakery_http_requests_total')).toBe(3);
    expect(sampleValue(samples, 'bakery_http_request_duration_seconds_count', route)).toBe(2);
    expect(sampleValue(samples, 'bakery_http_request_duration_seconds_sum', route)).toBeCloseTo(0.22);
    expect(sampleValue(samples, 'bakery_http_request_duration_seconds_bucket', { ...route, le: '0.025' })).toBe(1);
  });
});

describe('startMetricsServer', () => {
  it('answers GET /metrics with the exposition text, anything else 404', async () => {
    const metrics = Metrics.disabled('auth');
    metrics.counter('bakery_logins_total', 'Logins').inc();
    const server = await startMetricsServer(metrics, 0, '127.0.0.1');
    try {
      const ok = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(ok.status).toBe(200);
      expect(ok.headers.get('content-type')).toContain('text/plain');
      expect(await ok.text()).toContain('bakery_logins_total{service="auth"} 1');
      expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

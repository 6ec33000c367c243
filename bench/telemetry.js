/**
 * What metrics and tracing cost (issue 21), `BENCH_SCENARIOS=telemetry npm run bench`: the
 * catalogue read and the checkout on stacks started the same way, side by side:
 *
 * - off: no METRICS_PORT, no METRICS_TOKEN, no OTEL_EXPORTER_OTLP_ENDPOINT (nothing measured,
 *   the OpenTelemetry SDK not even loaded);
 * - on: every service's METRICS_PORT and the gateway's METRICS_TOKEN, all scraped every
 *   BENCH_SCRAPE_INTERVAL_MS (5000: more often than a Prometheus would), and traces exported over
 *   OTLP/HTTP with OTEL_TRACES_SAMPLER_ARG=0.1 to a receiver this script runs on 127.0.0.1 (it
 *   reads, counts and drops them).
 *
 * The two alternate for BENCH_TELEMETRY_ROUNDS rounds (2: off, on, then on, off; a fresh stack
 * each time), and each figure is the mean over the rounds, so the machine's drift does not land on
 * one side. Env: BENCH_TELEMETRY_CUSTOMERS (600: buyers, one order each), and run.js's duration and
 * connections.
 */
const http = require('node:http');
const net = require('node:net');
const { randomUUID } = require('node:crypto');
const autocannon = require('autocannon');
const { cpuMeter } = require('./lib/cpu');

const ROUNDS = Number(process.env.BENCH_TELEMETRY_ROUNDS ?? 2);
const CUSTOMERS = Number(process.env.BENCH_TELEMETRY_CUSTOMERS ?? 600);
const SCRAPE_INTERVAL_MS = Number(process.env.BENCH_SCRAPE_INTERVAL_MS ?? 5000);
const SAMPLE_RATIO = process.env.BENCH_TRACE_SAMPLE ?? '0.1';
const SERVICES = ['auth', 'catalog', 'ordering', 'customers', 'notifications'];
const settle = () => new Promise((resolve) => setTimeout(resolve, Number(process.env.BENCH_SETTLE_MS ?? 3000)));

function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A stand-in OTLP/HTTP collector: answers every export with success and counts what came. */
async function startReceiver() {
  const stats = { exports: 0, spans: 0, bytes: 0 };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      stats.exports++;
      stats.bytes += body.length;
      try {
        for (const rs of JSON.parse(body.toString('utf8')).resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) stats.spans += (ss.spans ?? []).length;
      } catch {
        // protobuf or gzip: counted in bytes only
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}`, stats, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** Scrapes the gateway's /metrics (with the token) and each service's port, as Prometheus would. */
function startScraper(stack, token, ports) {
  const targets = [
    { url: `${stack.url}/metrics`, headers: { authorization: `Bearer ${token}` } },
    ...SERVICES.map((name) => ({ url: `http://127.0.0.1:${ports[name]}/metrics`, headers: {} })),
  ];
  const stats = { scrapes: 0, failed: 0, bytes: 0, last: {} };
  const scrape = () =>
    Promise.all(
      targets.map(async (t) => {
        try {
          const res = await fetch(t.url, { headers: t.headers });
          const text = await res.text();
          if (res.status !== 200) throw new Error(String(res.status));
          stats.scrapes++;
          stats.bytes += text.length;
          stats.last[t.url] = text;
        } catch {
          stats.failed++;
        }
      }),
    );
  let running = scrape();
  const timer = setInterval(() => (running = scrape()), SCRAPE_INTERVAL_MS);
  return {
    stats,
    timer,
    /** orders the gateway counted (POST /api/orders answered 201), from a scrape made now */
    placedOrders: async () => {
      await running;
      await scrape();
      const text = stats.last[targets[0].url] ?? '';
      return [...text.matchAll(/^bakery_http_requests_total\{[^}]*route="\/api\/orders",method="POST",status="201"[^}]*\} (\S+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
    },
    /** stops, after a last scrape (so the figures include the last requests) */
    stop: async () => {
      clearInterval(timer);
      await running;
      await scrape();
    },
  };
}

/** One autocannon run, with the stack's CPU per request. */
function measure(pids, opts) {
  const meter = cpuMeter(pids);
  return new Promise((resolve, reject) => {
    const instance = autocannon(opts, (err, result) => {
      if (err) return reject(err);
      const ms = meter.stop();
      const stackMs = ms ? Object.entries(ms).filter(([name]) => !['idle', 'load generator', 'kernel, other'].includes(name)).reduce((n, [, v]) => n + v, 0) : NaN;
      if (result.non2xx > 0 || result.errors > 0) console.warn(`telemetry: ${opts.requests[0].method} ${opts.requests[0].path}: status codes ${JSON.stringify(result.statusCodeStats)}, ${result.errors} errors`);
      resolve({ result, cpuPerRequest: stackMs / Math.max(1, result.requests.total) });
    });
    instance.on('error', reject);
  });
}

function rotating(method, path, cookies) {
  let i = 0;
  return [
    {
      method,
      path,
      setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: cookies[i++ % cookies.length], 'content-type': 'application/json' }, body: method === 'POST' ? '{}' : undefined }),
    },
  ];
}

async function oneRound(mode, deps, receiver) {
  const token = `bench-metrics-${randomUUID()}`;
  const ports = {};
  for (const name of SERVICES) ports[name] = await freePort();
  const on = mode === 'on';
  const stack = await deps.startStack(
    on
      ? {
          env: { METRICS_TOKEN: token, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER_ARG: SAMPLE_RATIO },
          envOf: (name) => (name === 'gateway' ? {} : { METRICS_PORT: String(ports[name]) }),
        }
      : {},
  );
  let scraper;
  try {
    const data = await deps.seed(stack);
    scraper = on ? startScraper(stack, token, ports) : undefined;
    await settle();
    const catalogue = await measure(stack.pids, {
      url: stack.url,
      connections: deps.connections,
      duration: deps.duration,
      requests: rotating('GET', '/api/products', data.readers.map((c) => c.cookie)),
    });
    const buyers = await deps.seedBuyers(data, CUSTOMERS);
    await settle();
    const countedBefore = await scraper?.placedOrders();
    const started = Date.now();
    const checkout = await measure(stack.pids, {
      url: stack.url,
      connections: Math.min(deps.checkoutConnections, buyers.length),
      amount: buyers.length,
      requests: rotating('POST', '/api/orders', buyers.map((c) => c.cookie)),
    });
    const seconds = (Date.now() - started) / 1000;
    const placed = checkout.result['2xx'];
    // with metrics on, the gateway's own count says the same as the load generator's
    const counted = scraper ? (await scraper.placedOrders()) - countedBefore : undefined;
    await scraper?.stop();
    return {
      mode,
      catalogue: { rps: catalogue.result.requests.average, p50: catalogue.result.latency.p50, p99: catalogue.result.latency.p99, cpu: catalogue.cpuPerRequest, errors: catalogue.result.errors + catalogue.result.non2xx },
      checkout: { rps: placed / seconds, p50: checkout.result.latency.p50, p99: checkout.result.latency.p99, cpu: checkout.cpuPerRequest, errors: checkout.result.errors + checkout.result.non2xx },
      scrapes: scraper?.stats,
      countedOrders: counted,
      placed,
    };
  } finally {
    clearInterval(scraper?.timer);
    await stack.stop();
  }
}

/** Runs the rounds; answers every round and the means per mode. */
async function telemetryCost(deps) {
  const receiver = await startReceiver();
  const rounds = [];
  try {
    for (let r = 0; r < ROUNDS; r++) {
      // off first, then on first: a machine getting busier or quieter weighs on both alike
      for (const mode of r % 2 === 0 ? ['off', 'on'] : ['on', 'off']) {
        console.log(`telemetry: round ${r + 1}/${ROUNDS}, metrics and tracing ${mode}...`);
        rounds.push(await oneRound(mode, deps, receiver));
      }
    }
  } finally {
    await receiver.close();
  }
  return { rounds, receiver: receiver.stats, deps: { duration: deps.duration, connections: deps.connections, checkoutConnections: deps.checkoutConnections } };
}

const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;

function printReport({ rounds, receiver, deps }) {
  const of = (mode, scenario, key) => mean(rounds.filter((r) => r.mode === mode).map((r) => r[scenario][key]));
  const rows = [];
  for (const [scenario, title] of [
    ['catalogue', 'catalogue read (GET /api/products)'],
    ['checkout', 'checkout (POST /api/orders, 3-line carts)'],
  ]) {
    const pct = (key, better) => {
      const off = of('off', scenario, key);
      const on = of('on', scenario, key);
      const change = ((on - off) / off) * 100;
      return `${change >= 0 ? '+' : ''}${change.toFixed(1)}%${(better === 'higher' ? change < 0 : change > 0) ? ' (cost)' : ''}`;
    };
    rows.push({
      scenario: title,
      'req/s off': of('off', scenario, 'rps').toFixed(1),
      'req/s on': of('on', scenario, 'rps').toFixed(1),
      'req/s change': pct('rps', 'higher'),
      'p50 ms off/on': `${of('off', scenario, 'p50').toFixed(1)} / ${of('on', scenario, 'p50').toFixed(1)}`,
      'p99 ms off/on': `${of('off', scenario, 'p99').toFixed(1)} / ${of('on', scenario, 'p99').toFixed(1)}`,
      'stack CPU ms/req off/on': `${of('off', scenario, 'cpu').toFixed(2)} / ${of('on', scenario, 'cpu').toFixed(2)}`,
      'CPU change': pct('cpu', 'lower'),
      errors: rounds.reduce((n, r) => n + r[scenario].errors, 0),
    });
  }
  console.log(
    `\nMetrics and tracing, off vs on (mean of ${ROUNDS} round(s), alternating; ${deps.connections} connections, ${deps.duration} s for the catalogue read, ${CUSTOMERS} orders at ${deps.checkoutConnections} connections for the checkout). On: Prometheus metrics in every process scraped every ${SCRAPE_INTERVAL_MS / 1000} s, traces at a ${Number(SAMPLE_RATIO) * 100}% sample exported over OTLP/HTTP to a local receiver\n`,
  );
  console.table(rows);
  const on = rounds.filter((r) => r.mode === 'on');
  console.log(
    `receiver: ${receiver.exports} exports, ${receiver.spans} spans, ${(receiver.bytes / 1e6).toFixed(1)} MB; scrapes: ${on.reduce((n, r) => n + r.scrapes.scrapes, 0)} answered, ${on.reduce((n, r) => n + r.scrapes.failed, 0)} failed; ` +
      `orders counted by the gateway's metrics vs placed: ${on.map((r) => `${r.countedOrders}/${r.placed}`).join(', ')}`,
  );
  console.table(rounds.map((r) => ({ mode: r.mode, 'catalogue req/s': r.catalogue.rps.toFixed(1), 'catalogue CPU ms/req': r.catalogue.cpu.toFixed(2), 'checkout orders/s': r.checkout.rps.toFixed(1), 'checkout CPU ms/req': r.checkout.cpu.toFixed(2) })));
}

module.exports = { telemetryCost, printReport };

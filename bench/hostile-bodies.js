/**
 * Health latency under hostile bodies: anonymous connections POST a ~90 KB JSON body with 10,000
 * unknown keys (the shape that once cost the gateway ~200 ms of CPU each and a 428 KB error) while
 * one client asks `GET /api/health` one request at a time. The gateway must refuse those bodies
 * before validation (413) and keep its event loop free: health latency is printed idle and under
 * that load. Used by run.js (scenario `hostile`).
 */
const { percentile } = require('./lib/client');

const HOSTILE_CONNECTIONS = Number(process.env.BENCH_HOSTILE_CONNECTIONS ?? 8);

/** A body just under the default BODY_LIMIT (100 kb) with 10,000 keys nobody asked for. */
function hostileBody() {
  const body = JSON.stringify(Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`a${i.toString(36)}`, 0])));
  if (body.length >= 100 * 1024) throw new Error(`hostile body is ${body.length} bytes, over the body limit`);
  return body;
}

/** Sequential health checks until `stop()` is called; answers their latencies (ms), sorted. */
function probeHealth(url) {
  const latencies = [];
  let running = true;
  let failures = 0;
  const done = (async () => {
    while (running) {
      const started = process.hrtime.bigint();
      const res = await fetch(`${url}/api/health`).catch(() => null);
      if (!res || res.status !== 200) failures++;
      await res?.arrayBuffer();
      latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { sorted: latencies.sort((a, b) => a - b), failures };
    },
  };
}

function summary(title, { sorted, failures }, notes) {
  return {
    scenario: title,
    'req/s': '',
    'p50 ms': Number(percentile(sorted, 50).toFixed(1)),
    'p99 ms': Number(percentile(sorted, 99).toFixed(1)),
    errors: failures,
    notes: `${sorted.length} health checks${notes ? `; ${notes}` : ''}`,
  };
}

/** Two rows: health idle, and health while the hostile bodies run for `durationS`. */
async function hostileBodies(url, durationS, cannon) {
  const idle = probeHealth(url);
  await new Promise((resolve) => setTimeout(resolve, Math.min(3000, durationS * 1000)));
  const idleRow = summary('health check (idle)', await idle.stop());

  const body = hostileBody();
  const probe = probeHealth(url);
  const { result } = await cannon(`hostile bodies (${HOSTILE_CONNECTIONS} connections)`, {
    url: `${url}/api/auth/register`,
    method: 'POST',
    connections: HOSTILE_CONNECTIONS,
    headers: { 'content-type': 'application/json' },
    body,
  });
  const refused = result.statusCodeStats?.['413']?.count ?? 0;
  const loadedRow = summary(
    `health check under hostile bodies`,
    await probe.stop(),
    `${Math.round(result.requests.average)} hostile req/s of ${(body.length / 1024).toFixed(0)} KB, ${refused} answered 413`,
  );
  return [idleRow, loadedRow];
}

module.exports = { hostileBodies, hostileBody };

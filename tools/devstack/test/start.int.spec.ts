import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { dropNamespace, freePort, uniqueNamespace } from '@bakery/testing';

const START_SCRIPT = path.resolve(__dirname, '..', 'dist', 'start.js');

function runStart(env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [START_SCRIPT], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const waitFor = async (text: string, timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (!output.includes(text)) {
      if (Date.now() > deadline || child.exitCode !== null) throw new Error(`"${text}" not printed; output:\n${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('npm start (tools/devstack start script)', () => {
  it('starts the gateway and five services as processes, healthy within 60 s, serving the web app, and stops them all on Ctrl-C', async () => {
    const namespace = uniqueNamespace();
    const port = await freePort();
    const started = Date.now();
    const run = runStart({ BAKERY_NAMESPACE: namespace, PORT: String(port) });
    try {
      await run.waitFor(`Bakery is running at http://localhost:${port}`, 60_000);
      expect(Date.now() - started).toBeLessThan(60_000);

      const health = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({
        status: 'ok',
        services: { auth: 'up', catalog: 'up', ordering: 'up', customers: 'up', notifications: 'up' },
      });

      const page = await fetch(`http://127.0.0.1:${port}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('<div id="root">');

      run.child.kill('SIGINT');
      expect(await run.exited).toBe(0);
      expect(run.output()).toContain('stopped.');
      // every child is gone: nothing answers on the port any more
      await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow();
    } finally {
      run.child.kill('SIGKILL');
      await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, namespace);
    }
  }, 90_000);

  it('never writes a password to its logs, even at trace level', async () => {
    const namespace = uniqueNamespace();
    const port = await freePort();
    const run = runStart({ BAKERY_NAMESPACE: namespace, PORT: String(port), LOG_LEVEL: 'trace', ADMIN_REGISTRATION_KEY: 'log-test-key' });
    const password = `Sup3r-Secret-${Date.now()}`;
    try {
      await run.waitFor('Bakery is running at', 60_000);
      const post = (path: string, body: unknown) =>
        fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      const email = `logs.${Date.now()}@example.test`;
      expect((await post('/api/auth/register', { email, password })).status).toBe(201);
      expect((await post('/api/auth/login', { email, password })).status).toBe(200);
      expect((await post('/api/auth/login', { email, password: `${password}-wrong` })).status).toBe(401);
      expect((await post('/api/auth/admin-register', { email: `a${email}`, password, firstName: 'A', lastName: 'B', registrationKey: 'log-test-key' })).status).toBe(201);
      await new Promise((r) => setTimeout(r, 500));
      // the processes did log these requests (so a body logged by mistake would be here)
      expect(run.output()).toMatch(/"path":"\/api\/auth\/login","status":401/);
      expect(run.output()).not.toContain(password);
      expect(run.output()).not.toContain('log-test-key');
      expect(run.output()).not.toMatch(/\$argon2/);
    } finally {
      run.child.kill('SIGINT');
      await run.exited;
      await dropNamespace(process.env.DATABASE_URL!, process.env.NATS_URL!, namespace);
    }
  }, 90_000);

  it('exits at once, naming the URL and how to start it, when Postgres does not answer', async () => {
    const unreachable = 'postgres://postgres@127.0.0.1:1/postgres';
    const started = Date.now();
    const run = runStart({ DATABASE_URL: unreachable, BAKERY_NAMESPACE: uniqueNamespace() });
    expect(await run.exited).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(run.output()).toContain(`Postgres does not answer at ${unreachable}`);
    expect(run.output()).toContain('pg_ctlcluster');
    expect(run.output()).toContain('docker compose up -d postgres');
  });

  it('exits at once, naming the URL, when NATS does not answer', async () => {
    const run = runStart({ NATS_URL: 'nats://127.0.0.1:1', BAKERY_NAMESPACE: uniqueNamespace() });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('NATS does not answer at nats://127.0.0.1:1');
    expect(run.output()).toContain('docker compose up -d nats');
  });

  it('refuses a bad configuration value by name', async () => {
    const run = runStart({ PORT: 'eighty', BAKERY_NAMESPACE: 'Bad-Name' });
    expect(await run.exited).toBe(1);
    expect(run.output()).toContain('PORT="eighty" is invalid: expected a whole number');
    expect(run.output()).toContain('BAKERY_NAMESPACE="Bad-Name" is invalid');
  });
});

import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/**
 * .ci/services.sh, CI's first step: Postgres started only when it is down, and waited for when it
 * is running but not ready. Its tools are stand-ins on PATH (pg_isready, pg_ctlcluster), driven by
 * files in a temporary folder; NATS is this machine's own (the integration tests need it anyway).
 */
const SCRIPT = path.resolve(__dirname, '..', '..', '..', '.ci', 'services.sh');

interface FakePostgres {
  /** pg_isready fails this many times, then answers ready (once started, if it was down) */
  notReadyFor: number;
  running: boolean;
  /** what `pg_ctlcluster start` exits with (2: "Cluster is already running") */
  startExit?: number;
}

function fakeTools(pg: FakePostgres): { dir: string; calls: () => string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ci-services-'));
  const state = (name: string) => path.join(dir, name);
  if (pg.running) fs.writeFileSync(state('running'), '');
  fs.writeFileSync(
    state('pg_isready'),
    `#!/bin/bash
echo "pg_isready" >> ${state('calls')}
n=$(cat ${state('count')} 2>/dev/null || echo 0); echo $((n + 1)) > ${state('count')}
[ -e ${state('running')} ] && [ "$n" -ge ${pg.notReadyFor} ] && exit 0
exit 1
`,
    { mode: 0o755 },
  );
  fs.writeFileSync(
    state('pg_ctlcluster'),
    `#!/bin/bash
action=$(for a in "$@"; do :; done; echo "$a")
echo "pg_ctlcluster $action" >> ${state('calls')}
case "$action" in
  status) [ -e ${state('running')} ] && exit 0 || exit 3 ;;
  start) touch ${state('running')}; exit ${pg.startExit ?? 0} ;;
esac
exit 1
`,
    { mode: 0o755 },
  );
  const calls = () => (fs.existsSync(state('calls')) ? fs.readFileSync(state('calls'), 'utf8').trim().split('\n') : []);
  return { dir, calls };
}

function runServices(dir: string, waitSeconds: number): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(
      'bash',
      [SCRIPT],
      { env: { ...process.env, PATH: `${dir}:${process.env.PATH}`, CI_SERVICES_WAIT_S: String(waitSeconds) } },
      (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, output: stdout + stderr }),
    );
  });
}

describe('.ci/services.sh (CI starts and waits for Postgres and NATS)', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));
  const tools = (pg: FakePostgres) => {
    const fake = fakeTools(pg);
    folders.push(fake.dir);
    return fake;
  };

  it('waits for a Postgres that is running but not ready yet, without starting it again', async () => {
    const { dir, calls } = tools({ running: true, notReadyFor: 3 });
    const run = await runServices(dir, 30);
    expect(run).toEqual({ code: 0, output: expect.stringContaining('PostgreSQL is running but not ready yet') });
    expect(calls()).not.toContain('pg_ctlcluster start');
    expect(calls().filter((c) => c === 'pg_isready').length).toBeGreaterThanOrEqual(4);
  });

  it('starts a Postgres that is down, then waits until it answers', async () => {
    const { dir, calls } = tools({ running: false, notReadyFor: 2 });
    const run = await runServices(dir, 30);
    expect(run).toEqual({ code: 0, output: expect.stringContaining('starting PostgreSQL') });
    expect(calls().filter((c) => c === 'pg_ctlcluster start')).toHaveLength(1);
  });

  it('counts a start that found Postgres already running (exit code 2) as started', async () => {
    const { dir } = tools({ running: false, notReadyFor: 1, startExit: 2 });
    const run = await runServices(dir, 30);
    expect(run.code).toBe(0);
  });

  it('fails, saying so, when Postgres does not answer within the wait', async () => {
    const { dir } = tools({ running: true, notReadyFor: 1_000 });
    const run = await runServices(dir, 2);
    expect(run).toEqual({ code: 1, output: expect.stringContaining('PostgreSQL or NATS did not answer within 2 s') });
  });
});

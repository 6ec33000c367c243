import { probeNats, probePostgres } from '@bakery/platform';

const START_POSTGRES = 'pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start';
const START_NATS =
  'start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log';

/** Answers the problems found (empty when both servers answer), each naming the URL and the fix. */
export async function checkInfrastructure(databaseUrl: string, natsUrl: string): Promise<string[]> {
  const problems: string[] = [];
  await Promise.all([
    probePostgres(databaseUrl).catch((err: Error) =>
      problems.push(
        `Postgres does not answer at ${redact(databaseUrl)} (${err.message}).\n` +
          `    Start it:  ${START_POSTGRES}\n    or:        docker compose up -d postgres\n    or set DATABASE_URL.`,
      ),
    ),
    probeNats(natsUrl).catch((err: Error) =>
      problems.push(
        `NATS does not answer at ${redact(natsUrl)} (${err.message}).\n` +
          `    Start it:  ${START_NATS}\n    or:        docker compose up -d nats\n    or set NATS_URL.`,
      ),
    ),
  ]);
  return problems;
}

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}

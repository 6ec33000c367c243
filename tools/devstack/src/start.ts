/**
 * `npm start`: every process of the stack on this machine, against local Postgres and NATS.
 * Exits at once, with the way to fix it, when either server does not answer.
 */
import * as path from 'node:path';
import { DEFAULT_MAIL_DIR } from '@bakery/contracts';
import { ConfigError, envVar, loadConfig, serviceConfig } from '@bakery/platform';
import { checkInfrastructure } from './preflight';
import { ProcessStack, REPO_ROOT, waitForHealthy } from './process-stack';

const startConfig = {
  databaseUrl: serviceConfig.databaseUrl,
  natsUrl: serviceConfig.natsUrl,
  namespace: serviceConfig.namespace,
  port: envVar.int('PORT', 'HTTP port of the gateway', 3000, 1, 65535),
};

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(startConfig);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  const problems = await checkInfrastructure(config.databaseUrl, config.natsUrl);
  if (problems.length > 0) {
    console.error(`Cannot start the bakery stack:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }

  const stack = new ProcessStack({
    env: { ...process.env, PORT: String(config.port) },
    onUnexpectedExit: (name, code, signal) =>
      console.error(
        `\n!! ${name} exited (${signal ?? `code ${code}`}); it is not restarted. The other processes keep running; Ctrl-C stops everything.\n`,
      ),
  });
  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    console.log(`\n${signal}: stopping every process...`);
    await stack.stopAll();
    console.log('stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  stack.spawnAll();
  const url = `http://localhost:${config.port}`;
  try {
    await waitForHealthy(url, 60_000);
  } catch (err) {
    console.error(`\n${(err as Error).message}`);
    await stack.stopAll();
    process.exit(1);
  }
  console.log(`\n  Bakery is running at ${url}  (namespace ${config.namespace})\n  ${mailDestination(process.env)}\n  Ctrl-C stops every process.\n`);
}

/** Where the notifications service puts email (its SMTP_URL and MAIL_DIR), so a new user finds it. */
function mailDestination(env: NodeJS.ProcessEnv): string {
  if (env.SMTP_URL) {
    let server = 'the server SMTP_URL names';
    try {
      server = new URL(env.SMTP_URL).host; // never the credentials
    } catch {
      // notifications refuses a bad SMTP_URL and says so
    }
    return `Email is sent through ${server} (SMTP_URL).`;
  }
  const dir = path.resolve(REPO_ROOT, env.MAIL_DIR || DEFAULT_MAIL_DIR);
  return `Email is not sent (SMTP_URL unset): each message is written to ${dir} as an .eml file.`;
}

void main();

/**
 * Container healthcheck of a service: `node libs/service-kit/dist/healthcheck.js <service>`.
 * Asks the service's `health` handler over NATS (any instance of the queue group may answer);
 * exit code 0 when it answers within 2 s, 1 otherwise.
 */
import { healthPattern, isServiceName } from '@bakery/contracts';
import { commonConfig, connectNats, loadConfig, RpcClient } from '@bakery/platform';

async function check(service: string): Promise<void> {
  if (!isServiceName(service)) throw new Error(`unknown service ${service}`);
  const config = loadConfig(commonConfig);
  const nc = await connectNats(config.natsUrl, `healthcheck-${service}`);
  try {
    await new RpcClient(nc, config.namespace, 2000).request(healthPattern(service), {});
  } finally {
    await nc.close();
  }
}

check(process.argv[2] ?? '').then(
  () => process.exit(0),
  (err) => {
    console.error(`unhealthy: ${(err as Error).message}`);
    process.exit(1);
  },
);

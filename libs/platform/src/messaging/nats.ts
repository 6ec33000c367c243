import { connect, NatsConnection } from 'nats';
import type { Logger } from 'pino';

/** One way to connect: reconnect forever, so a NATS restart never needs a process restart. */
export async function connectNats(url: string, name: string, logger?: Logger): Promise<NatsConnection> {
  const nc = await connect({
    servers: url,
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    pingInterval: 10_000,
    // a service started while NATS is still coming up (a restart, a slow boot) waits for it
    // instead of failing its start: without it the first connect gives up after one refusal
    waitOnFirstConnect: true,
    // no Error (and stack) captured per request and JetStream publish in case it fails later: a
    // measurable share of every service's CPU (bench/README.md); RpcClient words the failures itself
    noAsyncTraces: true,
  });
  if (logger) void watchStatus(nc, logger);
  return nc;
}

async function watchStatus(nc: NatsConnection, logger: Logger): Promise<void> {
  for await (const s of nc.status()) {
    if (s.type === 'disconnect' || s.type === 'reconnect' || s.type === 'error') {
      logger.warn({ nats: s.type, data: String(s.data) }, `NATS ${s.type}`);
    }
  }
}

/** Resolves if a NATS server answers at `url` within `timeoutMs`, rejects otherwise. */
export async function probeNats(url: string, timeoutMs = 3000): Promise<void> {
  const nc = await connect({ servers: url, timeout: timeoutMs, maxReconnectAttempts: 0, name: 'probe' });
  await nc.close();
}

import { uniqueNamespace } from '@bakery/testing';
import { connect, type NatsConnection } from 'nats';
import { coalesceWrites, connectNats } from '../src';

/** Counts the socket writes of a connection (nats.js's transport.send). */
function countWrites(nc: NatsConnection): { count: () => number } {
  const transport = (nc as unknown as { protocol: { transport: { send(frame: Uint8Array): void } } }).protocol.transport;
  const send = transport.send.bind(transport);
  let writes = 0;
  transport.send = (frame) => {
    writes++;
    send(frame);
  };
  return { count: () => writes };
}

/** Publishes `n` messages, each from its own callback of one event-loop turn (as HTTP requests arrive), and waits for all. */
async function publishFromSeparateCallbacks(publisher: NatsConnection, subscriber: NatsConnection, subject: string, n: number): Promise<string[]> {
  const received: string[] = [];
  const sub = subscriber.subscribe(subject, { max: n });
  await subscriber.flush();
  const done = (async () => {
    for await (const m of sub) received.push(m.string());
  })();
  for (let i = 0; i < n; i++) setImmediate(() => publisher.publish(subject, `m${i}`));
  await done;
  return received;
}

describe('coalesceWrites: one socket write per event-loop turn', () => {
  const subject = `${uniqueNamespace()}.coalesce`;
  let subscriber: NatsConnection;
  const opened: NatsConnection[] = [];

  beforeAll(async () => {
    subscriber = await connect({ servers: process.env.NATS_URL! });
    opened.push(subscriber);
  });
  afterAll(() => Promise.all(opened.map((nc) => nc.close())));

  it('sends what 20 callbacks of one turn published in one write, every message delivered in order', async () => {
    const nc = await connectNats(process.env.NATS_URL!, 'coalesced');
    opened.push(nc);
    await nc.flush();
    const writes = countWrites(nc);
    const received = await publishFromSeparateCallbacks(nc, subscriber, subject, 20);
    expect(received).toEqual(Array.from({ length: 20 }, (_, i) => `m${i}`));
    expect(writes.count()).toBe(1);
  });

  it('is what changes it: a plain nats.js connection writes once per callback', async () => {
    const nc = await connect({ servers: process.env.NATS_URL! });
    opened.push(nc);
    await nc.flush();
    const writes = countWrites(nc);
    const received = await publishFromSeparateCallbacks(nc, subscriber, `${subject}.plain`, 20);
    expect(received).toHaveLength(20);
    expect(writes.count()).toBe(20);
  });

  it('leaves a connection alone that is not the shape it knows', () => {
    expect(coalesceWrites({} as NatsConnection)).toBe(false);
  });
});

import { broadcastSubject } from '@bakery/contracts';
import type { NatsConnection, Subscription } from 'nats';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Broadcasts: plain NATS messages every subscriber receives (no queue group), for what each
 * gateway instance must hear itself, such as a revoked session or a new badge count.
 */
export function publishBroadcast(nc: NatsConnection, namespace: string, topic: string, payload: unknown): void {
  nc.publish(broadcastSubject(namespace, topic), encoder.encode(JSON.stringify(payload)));
}

export function subscribeBroadcast<T>(
  nc: NatsConnection,
  namespace: string,
  topic: string,
  handler: (payload: T) => void,
): Subscription {
  return nc.subscribe(broadcastSubject(namespace, topic), {
    callback: (err, msg) => {
      if (err) return;
      try {
        handler(JSON.parse(decoder.decode(msg.data)) as T);
      } catch {
        // a malformed broadcast is dropped; nothing else depends on it
      }
    },
  });
}

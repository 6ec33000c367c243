import { broadcastSubject } from '@bakery/contracts';
import { headers as natsHeaders, type NatsConnection, type Subscription } from 'nats';
import { currentTraceparent, endSpan, runInContext, SpanKind, startSpan, TRACEPARENT_HEADER, tracingEnabled } from '../tracing/tracing';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Broadcasts: plain NATS messages every subscriber receives (no queue group), for what each
 * gateway instance must hear itself, such as a revoked session or a new badge count.
 *
 * With tracing on, a broadcast sent inside a span carries its `traceparent` in the message
 * headers, so what a subscriber does with it (the gateway's socket.io push) joins the trace.
 */
export function publishBroadcast(nc: NatsConnection, namespace: string, topic: string, payload: unknown): void {
  const traceparent = currentTraceparent();
  let headers: ReturnType<typeof natsHeaders> | undefined;
  if (traceparent) {
    headers = natsHeaders();
    headers.set(TRACEPARENT_HEADER, traceparent);
  }
  nc.publish(broadcastSubject(namespace, topic), encoder.encode(JSON.stringify(payload)), headers ? { headers } : undefined);
}

export interface BroadcastSubscriptionOptions {
  /**
   * Who handles it (`bakery.component` of the span). With it and tracing on, a broadcast that
   * carries a traceparent is handled in a `<topic> broadcast` span, a child of the sender's.
   */
  component?: string;
}

export function subscribeBroadcast<T>(
  nc: NatsConnection,
  namespace: string,
  topic: string,
  handler: (payload: T) => void,
  options: BroadcastSubscriptionOptions = {},
): Subscription {
  return nc.subscribe(broadcastSubject(namespace, topic), {
    callback: (err, msg) => {
      if (err) return;
      let payload: T;
      try {
        payload = JSON.parse(decoder.decode(msg.data)) as T;
      } catch {
        // a malformed broadcast is dropped; nothing else depends on it
        return;
      }
      const traceparent = options.component && tracingEnabled() ? msg.headers?.get(TRACEPARENT_HEADER) : undefined;
      if (!traceparent) {
        try {
          handler(payload);
        } catch {
          // a handler's failure stays with this broadcast
        }
        return;
      }
      const { span, context } = startSpan(`${topic} broadcast`, {
        kind: SpanKind.CONSUMER,
        component: options.component!,
        parent: traceparent,
        attributes: { 'messaging.system': 'nats', 'messaging.destination.name': topic },
      });
      try {
        runInContext(context, () => handler(payload));
        endSpan(span);
      } catch (error) {
        endSpan(span, error);
      }
    },
  });
}

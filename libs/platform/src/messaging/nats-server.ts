import { NatsContext, ServerNats } from '@nestjs/microservices';
import { AppError, ErrorCode, requestSubject } from '@bakery/contracts';
import type { Msg, NatsConnection, Subscription } from 'nats';

export interface NamespacedNatsServerOptions {
  servers: string;
  namespace: string;
  /** queue group: every instance of the service joins it, so N instances share requests */
  queue: string;
  name: string;
}

/**
 * Nest's NATS transport, with every message pattern subscribed under the stack's namespace
 * (`<ns>.rpc.<pattern>`), and a connection that keeps reconnecting.
 */
export class NamespacedNatsServer extends ServerNats {
  private readonly namespace: string;
  private readonly queue: string;

  constructor(options: NamespacedNatsServerOptions) {
    super({
      servers: options.servers,
      queue: options.queue,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 250,
      // as connectNats: a NATS server not up yet is waited for, not a failed start
      waitOnFirstConnect: true,
      gracefulShutdown: true,
      gracePeriod: 200,
    });
    this.namespace = options.namespace;
    this.queue = options.queue;
  }

  /**
   * Nest's publisher throws if a reply cannot be sent (above all one larger than the server's
   * max_payload), and the throw would end the process. Here the caller gets an error instead.
   */
  override getPublisher(natsMsg: Msg, id: string, ctx: NatsContext): (response: unknown) => unknown {
    const publish = super.getPublisher(natsMsg, id, ctx);
    return (response) => {
      try {
        return publish(response);
      } catch (err) {
        this.logger.error(`could not send the reply to ${natsMsg.subject}: ${String(err)}`);
        try {
          return publish({ err: new AppError(ErrorCode.Internal, 'Internal error').toPayload(), isDisposed: true });
        } catch {
          // not even an error fits through (the connection is closed): the caller's timeout answers
          return undefined;
        }
      }
    };
  }

  override bindEvents(client: NatsConnection): void {
    // ServerNats keeps its subscriptions private; it unsubscribes them on a graceful close.
    const subscriptions = (this as unknown as { subscriptions: Subscription[] }).subscriptions;
    for (const [pattern, handlerRef] of this.messageHandlers) {
      const queue = (handlerRef.extras?.queue as string | undefined) ?? this.queue;
      const sub = client.subscribe(requestSubject(this.namespace, pattern), {
        queue,
        // Handlers are looked up by the bare pattern, so hand that one over, not the prefixed subject.
        callback: this.getMessageHandler(pattern).bind(this),
      });
      subscriptions.push(sub);
    }
  }
}

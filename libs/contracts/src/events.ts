/**
 * Domain events: facts, delivered at least once through JetStream and handled once
 * (each consumer keeps an inbox of processed ids).
 */
export interface EventEnvelope<TPayload = unknown> {
  /** uuid; also the JetStream message id, so the server drops a re-published duplicate. */
  id: string;
  type: string;
  /** the service whose transaction produced the event */
  source: string;
  occurredAt: string;
  correlationId?: string;
  /** W3C traceparent of the work that recorded it (tracing on): its consumers continue that trace */
  traceparent?: string;
  payload: TPayload;
}

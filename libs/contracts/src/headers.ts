/** Header carrying the correlation id on HTTP requests, NATS requests and events. */
export const CORRELATION_HEADER = 'x-correlation-id';

/** Header carrying the correlation id on HTTP requests, NATS requests and events. */
export const CORRELATION_HEADER = 'x-correlation-id';

/**
 * Sent by the web app on every API call. A page of another origin cannot add it without a CORS
 * preflight (which the gateway never grants), so it marks a body-less request as the app's own.
 */
export const REQUEST_MARKER_HEADER = 'x-requested-with';
export const REQUEST_MARKER_VALUE = 'bakery-web';

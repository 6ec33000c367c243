import { ErrorCode } from '@bakery/contracts';
import { bearerTokenMatches, type Metrics } from '@bakery/platform';
import type { ErrorResponseBody } from './error-response';
import type { RequestHook } from './http-pipeline';
import { headerOf, pathOf } from './request-facts';

/**
 * `GET /metrics` on the API's port, for Prometheus: answered only when METRICS_TOKEN is set and
 * the request carries `Authorization: Bearer <METRICS_TOKEN>`. Anything else gets the API's own
 * 404 for a route that does not exist, so the endpoint gives nothing away, not even that it exists.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): RequestHook {
  return (req, reply, done) => {
    const urlPath = pathOf(req);
    if (urlPath !== '/metrics') return done();
    const allowed = token !== undefined && (req.method === 'GET' || req.method === 'HEAD') && bearerTokenMatches(headerOf(req.headers, 'authorization'), token);
    if (!allowed) {
      const body: ErrorResponseBody = { statusCode: 404, message: `Cannot ${req.method} ${urlPath}`, code: ErrorCode.NotFound };
      reply.code(404).send(body);
      return;
    }
    metrics.text().then((text) => {
      reply.code(200).header('Content-Type', metrics.contentType).header('Cache-Control', 'no-store').send(text);
    }, done);
  };
}

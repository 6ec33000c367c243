import { ErrorCode } from '@bakery/contracts';
import { bearerTokenMatches, type Metrics } from '@bakery/platform';
import type { NextFunction, Request, Response } from 'express';
import type { ErrorResponseBody } from './error-response';

/**
 * `GET /metrics` on the API's port, for Prometheus: answered only when METRICS_TOKEN is set and
 * the request carries `Authorization: Bearer <METRICS_TOKEN>`. Anything else gets the API's own
 * 404 for a route that does not exist, so the endpoint gives nothing away, not even that it exists.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path !== '/metrics') return next();
    const allowed = token !== undefined && (req.method === 'GET' || req.method === 'HEAD') && bearerTokenMatches(req.header('authorization'), token);
    if (!allowed) {
      const body: ErrorResponseBody = { statusCode: 404, message: `Cannot ${req.method} ${req.path}`, code: ErrorCode.NotFound };
      res.status(404).json(body);
      return;
    }
    metrics.text().then((text) => {
      res.status(200).setHeader('Content-Type', metrics.contentType).setHeader('Cache-Control', 'no-store').send(text);
    }, next);
  };
}

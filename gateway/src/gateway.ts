import type { AddressInfo } from 'node:net';
import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import {
  connectNats,
  createLogger,
  Env,
  loadConfig,
  Metrics,
  NestPinoLogger,
  strictValidationPipe,
} from '@bakery/platform';
import { randomBytes } from 'node:crypto';
import { AppModule } from './app.module';
import { SessionCookie } from './auth/session-cookie';
import { GatewayConfig, gatewayConfig } from './config';
import { AllErrorsFilter } from './http/all-errors.filter';
import { metricsEndpoint } from './http/metrics-endpoint';
import { OpenApiDocs } from './openapi/openapi.controller';
import { securityHeaders } from './http/security-headers';
import { TelemetryModule } from './http/telemetry.module';
import {
  apiCacheControl,
  correlationMiddleware,
  jsonBodyParser,
  sameOriginGuard,
  strictTransportSecurity,
  webApp,
} from './http/http-pipeline';

export interface RunningGateway {
  app: INestApplication;
  config: GatewayConfig;
  /** e.g. http://127.0.0.1:3000 */
  url: string;
  /** GET /metrics on `url` answers them when METRICS_TOKEN is set */
  metrics: Metrics;
  close(): Promise<void>;
}

/** Builds and starts the gateway; `env` overrides process.env (tests pass their namespace and port 0). */
export async function startGateway(env: Env = process.env): Promise<RunningGateway> {
  const config = loadConfig(gatewayConfig, env);
  const instanceId = `gateway-${process.pid}-${randomBytes(3).toString('hex')}`;
  const logger = createLogger('gateway', config.logLevel).child({ instanceId });
  const nc = await connectNats(config.natsUrl, instanceId, logger);
  // measured only when someone can scrape them (METRICS_TOKEN: GET /metrics here)
  const metrics = new Metrics('gateway', config.metricsToken !== undefined);

  @Module({ imports: [TelemetryModule.register(metrics), AppModule.register(config, nc)] })
  class GatewayRootModule {}

  const app = await NestFactory.create<NestExpressApplication>(GatewayRootModule, {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  // /api/openapi.json describes this application's routes (built on first request)
  app.get(OpenApiDocs).attach(app);
  app.disable('x-powered-by');
  // Express would hash every response body for an ETag (SHA-1, on every request); the one read
  // that browsers revalidate, the catalogue, carries an ETag computed once per change instead.
  app.set('etag', false);
  if (config.trustProxy === 'true') app.set('trust proxy', true);
  app.use(securityHeaders());
  app.use(strictTransportSecurity);
  // before the request is logged and counted: Prometheus's scrapes are no one's request
  app.use(metricsEndpoint(metrics, config.metricsToken));
  app.use(correlationMiddleware(logger, metrics));
  app.use(apiCacheControl);
  // before the cookie and the body are read: a forged request is refused unparsed
  app.use(sameOriginGuard(config.allowedOrigins));
  app.use(jsonBodyParser(config.bodyLimit));
  const sessionCookie = app.get(SessionCookie);
  app.use(webApp(config.webDist, (req, res) => sessionCookie.syncHint(req, res)));
  // HTTP bodies are validated here, once, with the contracts' classes; each service validates
  // the message it is then sent (NATS is a trust boundary too: docs/architecture.md)
  app.useGlobalPipes(strictValidationPipe({ absentAsEmpty: true }));
  app.useGlobalFilters(new AllErrorsFilter(logger));

  await app.listen(config.port, config.host);
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, namespace: config.namespace }, 'gateway ready');
  return { app, config, url, metrics, close: () => app.close() };
}
export { gatewayConfig } from './config';
export type { GatewayConfig } from './config';

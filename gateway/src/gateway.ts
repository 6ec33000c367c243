import type { AddressInfo } from 'node:net';
import { INestApplication, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import fastifyCompress from '@fastify/compress';
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
import { FirstScreens } from './http/first-screen';
import { metricsEndpoint } from './http/metrics-endpoint';
import { RESPONSE_COMPRESSION } from './http/response-compression';
import { OpenApiDocs } from './openapi/openapi.controller';
import { securityHeaders } from './http/security-headers';
import { TelemetryModule } from './http/telemetry.module';
import {
  apiCacheControl,
  correlation,
  inflateBody,
  installBodyParsing,
  jsonBodiesOnly,
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

  const adapter = new FastifyAdapter({
    // as on Express, which clients may rely on: /API/Orders and /api/orders/ are /api/orders, and an
    // id of any length reaches its route, whose answer says what is wrong with it (not Fastify's 414
    // for a path parameter over 100 characters)
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: 8 * 1024 },
    trustProxy: config.trustProxy === 'true',
    // Node's own limits, as the gateway had on Express (Fastify would wait for a slow request forever
    // and keep an idle connection 72 s)
    requestTimeout: 300_000,
    keepAliveTimeout: 5_000,
    // pino logs each request in correlation() below; Fastify's own request log would repeat it
    logger: false,
  });
  const app = await NestFactory.create<NestFastifyApplication>(GatewayRootModule, adapter, {
    bodyParser: false,
    logger: new NestPinoLogger(logger),
  });
  // before any route is added: the plugin gives each route its compression as the route is made
  await app.register(fastifyCompress, RESPONSE_COMPRESSION);
  // /api/openapi.json describes this application's routes (built on first request)
  app.get(OpenApiDocs).attach(app);
  const http = app.getHttpAdapter().getInstance();
  installBodyParsing(http, config.bodyLimit);
  // the pipeline, in order, before any body is read (Fastify computes no ETag per answer, as the
  // gateway wants: the catalogue, the one read browsers revalidate, carries one made per change)
  http.addHook('onRequest', securityHeaders());
  http.addHook('onRequest', strictTransportSecurity);
  // before the request is logged and counted: Prometheus's scrapes are no one's request
  http.addHook('onRequest', metricsEndpoint(metrics, config.metricsToken));
  http.addHook('onRequest', correlation(logger, metrics));
  http.addHook('onRequest', apiCacheControl);
  // before the cookie and the body are read: a forged request is refused unparsed
  http.addHook('onRequest', sameOriginGuard(config.allowedOrigins));
  http.addHook('onRequest', jsonBodiesOnly);
  const sessionCookie = app.get(SessionCookie);
  // a page load may get its page rendered in (http/first-screen.ts)
  const firstScreens = config.serverRendering === 'on' ? new FirstScreens(config.webDist, http, logger) : null;
  http.addHook(
    'onRequest',
    webApp(config.webDist, async (req, reply) => {
      const signedIn = await sessionCookie.syncHint(req, reply);
      return firstScreens ? firstScreens.render(req, signedIn) : null;
    }),
  );
  http.addHook('preParsing', inflateBody);
  // HTTP bodies are validated here, once, with the contracts' classes; each service validates
  // the message it is then sent (NATS is a trust boundary too: docs/architecture.md)
  app.useGlobalPipes(strictValidationPipe({ absentAsEmpty: true }));
  // also what goes wrong in the pipeline (a refused or unreadable body): Nest hands Fastify's errors to it
  app.useGlobalFilters(new AllErrorsFilter(logger));

  await app.listen(config.port, config.host);
  const { port } = app.getHttpServer().address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  logger.info({ url, namespace: config.namespace }, 'gateway ready');
  return { app, config, url, metrics, close: () => app.close() };
}
export { gatewayConfig } from './config';
export type { GatewayConfig } from './config';

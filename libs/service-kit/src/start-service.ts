import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import {
  DynamicModule,
  Global,
  INestMicroservice,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  OnModuleDestroy,
  Type,
} from '@nestjs/common';
import { ModulesContainer, NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { databaseName, healthPattern, queueGroup, ServiceName } from '@bakery/contracts';
import { EventBus, eventBusMigrations } from '@bakery/event-bus';
import {
  connectNats,
  CorrelationInterceptor,
  createLogger,
  ensureDatabase,
  Env,
  loadConfig,
  Logger,
  Metrics,
  MetricsServer,
  NamespacedNatsServer,
  NestPinoLogger,
  registerPoolMetrics,
  RpcClient,
  RpcErrorFilter,
  runMain,
  runMigrationsLocked,
  startMetricsServer,
  ServiceConfig,
  serviceConfig,
  strictValidationPipe,
  withDatabase,
} from '@bakery/platform';
import type { NatsConnection } from 'nats';
import { DataSource } from 'typeorm';
import { createDeadLettersController } from './dead-letters.controller';
import { createHealthController } from './health.controller';
import { assertMessageContracts } from './message-contracts';
import { INSTANCE_ID, NATS_CONNECTION, SERVICE_CONFIG, SERVICE_ENV, SERVICE_LOGGER } from './tokens';

export interface ServiceDefinition {
  name: ServiceName;
  /** the service's own Nest module: handlers, domain services */
  module: Type<unknown>;
  /** TypeORM entities of the service's database */
  entities: Function[];
  /** the service's migrations, oldest first (the event bus's, `eventBusMigrations`, are added by the kit) */
  migrations: Function[];
  /**
   * Business metrics that follow from the service's own events (`bus.onRelayed`), set up once the
   * service is built. Metrics counted in the code inject `Metrics` instead.
   */
  observe?: (kit: { metrics: Metrics; bus: EventBus }) => void;
}

export interface RunningService {
  name: ServiceName;
  instanceId: string;
  app: INestMicroservice;
  config: ServiceConfig;
  metrics: Metrics;
  /** `http://127.0.0.1:<port>/metrics` when METRICS_PORT is set */
  metricsUrl?: string;
  close(): Promise<void>;
}

/** Starts the event bus once every handler has registered; on shutdown stops it, then drains NATS. */
@Injectable()
class MessagingLifecycle implements OnApplicationBootstrap, OnModuleDestroy {
  constructor(
    private readonly bus: EventBus,
    @Inject(NATS_CONNECTION) private readonly nc: NatsConnection,
  ) {}
  async onApplicationBootstrap() {
    await this.bus.start();
  }
  async onModuleDestroy() {
    await this.bus.stop();
    await this.nc.drain().catch(() => undefined);
  }
}

@Global()
@Module({})
class ServiceKitModule {
  static register(
    def: ServiceDefinition,
    config: ServiceConfig,
    logger: Logger,
    nc: NatsConnection,
    instanceId: string,
    env: Env,
    metrics: Metrics,
  ): DynamicModule {
    return {
      module: ServiceKitModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => ({
            type: 'postgres',
            url: withDatabase(config.databaseUrl, databaseName(config.namespace, def.name)),
            entities: def.entities,
            migrations: [...eventBusMigrations, ...def.migrations],
            synchronize: false,
            migrationsRun: false,
            logging: false,
            extra: { max: 10, connectionTimeoutMillis: 5000 },
          }),
          dataSourceFactory: async (options) => {
            const ds = await new DataSource(options!).initialize();
            await runMigrationsLocked(ds);
            registerPoolMetrics(metrics, ds);
            return ds;
          },
        }),
      ],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: SERVICE_ENV, useValue: env },
        { provide: SERVICE_LOGGER, useValue: logger },
        { provide: INSTANCE_ID, useValue: instanceId },
        { provide: NATS_CONNECTION, useValue: nc },
        { provide: Metrics, useValue: metrics },
        { provide: RpcClient, useValue: new RpcClient(nc, config.namespace, config.rpcTimeoutMs, { component: def.name, metrics }) },
        {
          provide: EventBus,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) =>
            new EventBus({
              service: def.name,
              namespace: config.namespace,
              dataSource,
              nc,
              logger,
              retentionMs: config.eventRetentionDays * 24 * 3600 * 1000,
              maxDeliveries: config.eventMaxDeliveries,
              pruneIntervalMs: config.eventPruneIntervalSeconds * 1000,
              streamReplicas: config.eventStreamReplicas,
              metrics,
            }),
        },
        MessagingLifecycle,
      ],
      exports: [SERVICE_CONFIG, SERVICE_ENV, SERVICE_LOGGER, INSTANCE_ID, NATS_CONNECTION, Metrics, RpcClient, EventBus, TypeOrmModule],
    };
  }
}

/**
 * Starts one instance of a service: validated config, JSON logs, its own database (created if
 * missing, migrated under a lock), the NATS queue group `<ns>.<service>`, a health handler and
 * the event bus. `env` overrides process.env (tests pass their namespace this way).
 */
export async function startService(def: ServiceDefinition, env: Env = process.env): Promise<RunningService> {
  const config = loadConfig(serviceConfig, env);
  const instanceId = `${def.name}-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const logger = createLogger(def.name, config.logLevel).child({ instanceId });
  // measured only when someone can scrape them (METRICS_PORT)
  const metrics = new Metrics(def.name, config.metricsPort !== undefined);

  await ensureDatabase(config.databaseUrl, databaseName(config.namespace, def.name));
  const nc = await connectNats(config.natsUrl, instanceId, logger);

  @Module({
    imports: [ServiceKitModule.register(def, config, logger, nc, instanceId, env, metrics), def.module],
    controllers: [createHealthController(def.name), createDeadLettersController(def.name)],
  })
  class ServiceRootModule {}

  const app = await NestFactory.createMicroservice(ServiceRootModule, {
    strategy: new NamespacedNatsServer({
      servers: config.natsUrl,
      namespace: config.namespace,
      queue: queueGroup(config.namespace, def.name),
      name: `${instanceId}-rpc`,
    }),
    logger: new NestPinoLogger(logger),
    bufferLogs: false,
  });
  app.useGlobalFilters(new RpcErrorFilter(logger));
  app.useGlobalInterceptors(new CorrelationInterceptor({ component: def.name, metrics }));
  // Every message is validated here, against its handler's contracts class, whoever sent it:
  // NATS is a trust boundary too (docs/architecture.md). A handler that would skip it stops the start.
  app.useGlobalPipes(strictValidationPipe());
  let metricsServer: MetricsServer | undefined;
  try {
    assertMessageContracts(controllersOf(app));
    def.observe?.({ metrics, bus: app.get(EventBus) });
    if (config.metricsPort !== undefined) metricsServer = await startMetricsServer(metrics, config.metricsPort);
  } catch (err) {
    await app.close().catch(() => undefined);
    throw err;
  }
  await app.listen().catch(async (err: unknown) => {
    await metricsServer?.close();
    throw err;
  });
  // NATS registers subscriptions asynchronously: ready means another client can reach us.
  await untilReachable(new RpcClient(nc, config.namespace, 500), healthPattern(def.name));
  logger.info({ namespace: config.namespace, metricsPort: metricsServer?.port }, `${def.name} service ready`);

  return {
    name: def.name,
    instanceId,
    app,
    config,
    metrics,
    metricsUrl: metricsServer ? `http://127.0.0.1:${metricsServer.port}/metrics` : undefined,
    close: async () => {
      await metricsServer?.close();
      await app.close();
    },
  };
}

function controllersOf(app: INestMicroservice): Type<unknown>[] {
  return [...app.get(ModulesContainer).values()].flatMap((module) =>
    [...module.controllers.values()].map((wrapper) => wrapper.metatype as Type<unknown>),
  );
}

async function untilReachable(rpc: RpcClient, pattern: string): Promise<void> {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      await rpc.request(pattern, {});
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Entry point of a service process. */
export function runServiceMain(def: ServiceDefinition): void {
  runMain(`${def.name} service`, () => startService(def));
}

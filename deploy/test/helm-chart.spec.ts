import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@bakery/contracts';
import { serviceConfig } from '@bakery/platform';
import { gatewayConfig } from '../../gateway/src/config';
import { authConfigSpec } from '../../services/auth/src/auth.config';
import { catalogConfigSpec } from '../../services/catalog/src/catalog.config';
import { notificationsConfigSpec } from '../../services/notifications/src/notifications.config';
import { orderingConfigSpec } from '../../services/ordering/src/ordering.config';
import { renderChart, type ChartScenario, type K8sObject, type Rendered } from './render-chart';

/**
 * The Helm chart (deploy/helm/bakery), checked without helm or a cluster: each scenario's values
 * are rendered by Go's own template engine and every object validated against the Kubernetes
 * API schemas (./render-chart).
 * Then what a deployment needs is checked on the objects themselves.
 */

const repoRoot = path.resolve(__dirname, '../..');
const chartDir = path.join(repoRoot, 'deploy/helm/bakery');
const COMPONENTS = ['gateway', ...SERVICE_NAMES] as const;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string; optional?: boolean } };
}

const SCENARIOS: ChartScenario[] = [
  { name: 'defaults', values: {} },
  {
    name: 'external database, fixed replicas',
    release: 'shop',
    namespace: 'bakery-prod',
    values: {
      postgres: { mode: 'external', external: { secretName: 'managed-db', key: 'url' } },
      gateway: { autoscaling: { enabled: false }, replicas: 3 },
      services: {
        ordering: { autoscaling: { enabled: false }, replicas: 4, databaseSecret: { name: 'ordering-db', key: 'url' } },
        catalog: { autoscaling: { enabled: false }, replicas: 1 },
        // null removes a default, as in Helm
        auth: { secretEnv: { ADMIN_REGISTRATION_KEY: null } },
      },
      tolerations: [{ key: 'dedicated', operator: 'Equal', value: 'bakery', effect: 'NoSchedule' }],
      nodeSelector: { 'kubernetes.io/arch': 'amd64' },
      imagePullSecrets: ['regcred'],
      image: { repository: 'registry.example.com/bakery', tag: '2026.11.25' },
    },
  },
  {
    name: 'metrics and tracing on, s3 uploads',
    values: {
      metrics: { enabled: true, gatewayTokenSecret: { name: 'bakery-metrics' }, podMonitor: { enabled: true, labels: { release: 'prometheus' } } },
      tracing: { otlpEndpoint: 'http://otel-collector.monitoring:4318' },
      gateway: {
        objectStorage: {
          driver: 's3',
          s3: { endpoint: 'https://s3.eu-west-1.amazonaws.com', bucket: 'bakery-photos', region: 'eu-west-1', credentialsSecret: 'bakery-s3' },
        },
      },
      env: { BAKERY_TIMEZONE: 'Europe/Paris' },
    },
  },
  {
    name: 'CloudNativePG with backups, restored from them',
    values: {
      postgres: {
        cloudnativePg: {
          backup: { enabled: true, destinationPath: 's3://bakery-backups/postgres', credentialsSecret: 'bakery-backup-s3' },
          recovery: { enabled: true, sourceServerName: 'bakery-postgres', targetTime: '2026-11-25T08:00:00Z' },
        },
      },
    },
  },
  {
    name: 'separate NATS, no Ingress, existing claim',
    values: {
      nats: { enabled: false },
      natsUrl: 'nats://nats.messaging:4222',
      ingress: { enabled: false },
      gateway: { objectStorage: { local: { existingClaim: 'bakery-photos' } } },
      serviceAccount: { create: false, name: 'bakery-runner' },
    },
  },
  {
    name: 'mail through an SMTP server',
    values: {
      mail: { smtpSecret: { name: 'bakery-smtp' }, from: 'Rise & Shine <orders@example.com>', adminOrderEmail: 'orders@example.com' },
      ingress: { host: 'shop.example.com', tls: { enabled: false } },
    },
  },
  // values the chart must refuse (values.schema.json, which Helm applies too)
  { name: 'refused: a secret as a plain variable', values: { gateway: { env: { JWT_SECRET: 'not-here' } } } },
  { name: 'refused: a database URL as a plain variable', values: { env: { DATABASE_URL: 'postgres://u:p@db/x' } } },
  { name: 'refused: a misspelt key', values: { gateway: { replica: 3 } } },
  { name: 'refused: an unknown database mode', values: { postgres: { mode: 'mysql' } } },
  { name: 'refused: backups without a destination', values: { postgres: { cloudnativePg: { backup: { enabled: true } } } } },
  { name: 'refused: a number where a variable is expected', values: { rpcTimeoutMs: 5000 } },
  { name: 'refused: an SMTP URL (it may hold a password) as a plain variable', values: { services: { notifications: { env: { SMTP_URL: 'smtp://u:p@mail' } } } } },
];

let results: Map<string, Rendered>;

beforeAll(() => {
  results = renderChart(SCENARIOS);
}, 120_000);

function rendered(name: string): Rendered {
  const result = results.get(name);
  if (!result) throw new Error(`no result for ${name}`);
  if (result.error) throw new Error(`${name}: ${result.error}`);
  return result;
}

function objectsOf(name: string): K8sObject[] {
  return rendered(name).objects!.map((o) => o.object);
}

function find(objects: K8sObject[], kind: string, objectName: string): K8sObject | undefined {
  return objects.find((o) => o.kind === kind && o.metadata.name === objectName);
}

function envOf(deployment: K8sObject): EnvVar[] {
  return deployment.spec.template.spec.containers[0].env as EnvVar[];
}

function envVar(deployment: K8sObject, name: string): EnvVar | undefined {
  return envOf(deployment).find((e) => e.name === name);
}

function matches(selector: Record<string, string>, labels: Record<string, string>): boolean {
  return Object.entries(selector).every(([key, value]) => labels[key] === value);
}

const releaseOf = (name: string) => SCENARIOS.find((s) => s.name === name)?.release ?? 'bakery';
const VALID = SCENARIOS.filter((s) => !s.name.startsWith('refused')).map((s) => s.name);

describe('the chart renders and every object is valid Kubernetes', () => {
  it.each(VALID)('%s', (name) => {
    const result = rendered(name);
    expect(result.problems).toEqual([]);
    expect(result.objects!.length).toBeGreaterThan(15);
    // Only CloudNativePG's kinds have no schema package; nothing else goes unchecked.
    for (const skipped of result.skipped!) expect(skipped).toMatch(/ (Cluster|ScheduledBackup)\/.*no schema for postgresql\.cnpg\.io\/v1$/);
    expect(result.notes).toContain('JWT_SECRET');
  });

  it.each(SCENARIOS.filter((s) => s.name.startsWith('refused')).map((s) => s.name))('%s', (name) => {
    expect(results.get(name)?.error).toMatch(/values do not match values\.schema\.json/);
  });

  it('says the refusals precisely', () => {
    expect(results.get('refused: a misspelt key')?.error).toContain('(replica)');
    expect(results.get('refused: a secret as a plain variable')?.error).toContain('values.gateway.env');
  });
});

describe.each(VALID)('every process is deployable and highly available (%s)', (scenario) => {
  const release = releaseOf(scenario);

  it.each(COMPONENTS)('%s: Deployment with probes, resources, an HPA or fixed replicas, and a PDB', (component) => {
    const objects = objectsOf(scenario);
    const deployment = find(objects, 'Deployment', `${release}-${component}`);
    expect(deployment).toBeDefined();
    const pod = deployment!.spec.template;
    expect(matches(deployment!.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    const container = pod.spec.containers[0];
    expect(container.command.join(' ')).toBe(component === 'gateway' ? 'node gateway/dist/main.js' : `node services/${component}/dist/main.js`);
    expect(container.readinessProbe).toBeDefined();
    expect(container.livenessProbe).toBeDefined();
    if (component !== 'gateway') {
      // the service's own health handler over NATS, which also checks its database
      expect(container.readinessProbe.exec.command).toEqual(['node', 'libs/service-kit/dist/healthcheck.js', component]);
      expect(fs.existsSync(path.join(repoRoot, 'libs/service-kit/src/healthcheck.ts'))).toBe(true);
    } else {
      expect(container.readinessProbe.httpGet).toMatchObject({ path: '/', port: 'http' });
      expect(container.lifecycle.preStop.exec.command[0]).toBe('sleep');
    }
    expect(container.resources.requests).toEqual({ cpu: expect.any(String), memory: expect.any(String) });
    expect(container.resources.limits.memory).toEqual(expect.any(String));
    expect(deployment!.spec.strategy.rollingUpdate).toEqual({ maxSurge: 1, maxUnavailable: 0 });

    const hpa = find(objects, 'HorizontalPodAutoscaler', `${release}-${component}`);
    if (deployment!.spec.replicas === undefined) {
      expect(hpa).toBeDefined();
      expect(hpa!.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: `${release}-${component}` });
      expect(hpa!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(hpa!.spec.maxReplicas).toBeGreaterThanOrEqual(hpa!.spec.minReplicas);
      expect(hpa!.spec.metrics[0].resource.name).toBe('cpu');
    } else {
      expect(hpa).toBeUndefined();
    }

    const pdb = find(objects, 'PodDisruptionBudget', `${release}-${component}`);
    expect(pdb).toBeDefined();
    expect(matches(pdb!.spec.selector.matchLabels, pod.metadata.labels)).toBe(true);
    // only this component's pods
    expect(pdb!.spec.selector.matchLabels['app.kubernetes.io/component']).toBe(component);
  });
});

describe('settings reach the processes', () => {
  const knownVariables = new Set([
    ...[serviceConfig, gatewayConfig, authConfigSpec, catalogConfigSpec, orderingConfigSpec, notificationsConfigSpec].flatMap((spec) =>
      Object.values(spec as Record<string, { name: string }>).map((v) => v.name),
    ),
    // issue 21's contract, read by the metrics and tracing work
    'METRICS_PORT',
    'METRICS_TOKEN',
    'OTEL_EXPORTER_OTLP_ENDPOINT',
    'OTEL_SERVICE_NAME',
  ]);

  it.each(VALID)('every variable the chart sets is one a process reads, set once (%s)', (scenario) => {
    for (const deployment of objectsOf(scenario).filter((o) => o.kind === 'Deployment')) {
      const names = envOf(deployment).map((e) => e.name);
      expect(names.filter((n) => !knownVariables.has(n))).toEqual([]);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('gives every service what it cannot start without, and the event stream 3 replicas', () => {
    const objects = objectsOf('defaults');
    for (const service of SERVICE_NAMES) {
      const deployment = find(objects, 'Deployment', `bakery-${service}`)!;
      for (const name of ['NATS_URL', 'BAKERY_NAMESPACE', 'DATABASE_URL', 'EVENT_STREAM_REPLICAS']) {
        expect(envVar(deployment, name)).toBeDefined();
      }
      expect(envVar(deployment, 'EVENT_STREAM_REPLICAS')?.value).toBe('3');
      expect(envVar(deployment, 'NATS_URL')?.value).toBe('nats://bakery-nats:4222');
    }
    const gateway = find(objects, 'Deployment', 'bakery-gateway')!;
    expect(envVar(gateway, 'JWT_SECRET')?.valueFrom?.secretKeyRef).toEqual({ name: 'bakery-gateway', key: 'JWT_SECRET' });
    // a rotation's old secret, when the Secret holds one (docs/operations.md, "Rotate JWT_SECRET")
    expect(envVar(gateway, 'JWT_SECRET_PREVIOUS')?.valueFrom?.secretKeyRef).toEqual({ name: 'bakery-gateway', key: 'JWT_SECRET_PREVIOUS', optional: true });
    // behind the Ingress: client addresses and HTTPS from X-Forwarded-*
    expect(envVar(gateway, 'TRUST_PROXY')?.value).toBe('true');
  });

  it('takes fixed replicas, node placement, the image and a removed default', () => {
    const objects = objectsOf('external database, fixed replicas');
    expect(find(objects, 'Deployment', 'shop-ordering')!.spec.replicas).toBe(4);
    expect(find(objects, 'Deployment', 'shop-catalog')!.spec.replicas).toBe(1);
    expect(find(objects, 'Deployment', 'shop-gateway')!.spec.replicas).toBe(3);
    expect(find(objects, 'Deployment', 'shop-auth')!.spec.replicas).toBeUndefined();
    const pod = find(objects, 'Deployment', 'shop-customers')!.spec.template.spec;
    expect(pod.tolerations).toEqual([{ key: 'dedicated', operator: 'Equal', value: 'bakery', effect: 'NoSchedule' }]);
    expect(pod.nodeSelector).toEqual({ 'kubernetes.io/arch': 'amd64' });
    expect(pod.imagePullSecrets).toEqual([{ name: 'regcred' }]);
    expect(pod.containers[0].image).toBe('registry.example.com/bakery:2026.11.25');
    expect(envVar(find(objects, 'Deployment', 'shop-auth')!, 'ADMIN_REGISTRATION_KEY')).toBeUndefined();
    // the default image tag is the chart's appVersion
    const chart = parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8')) as { appVersion: string };
    expect(find(objectsOf('defaults'), 'Deployment', 'bakery-auth')!.spec.template.spec.containers[0].image).toBe(
      `bakery-wholesale:${chart.appVersion}`,
    );
  });

  it('turns metrics and tracing on only when asked', () => {
    const off = objectsOf('defaults');
    for (const deployment of off.filter((o) => o.kind === 'Deployment')) {
      const names = envOf(deployment).map((e) => e.name);
      expect(names.filter((n) => /^(METRICS_|OTEL_)/.test(n))).toEqual([]);
      expect(deployment.spec.template.metadata.annotations?.['prometheus.io/scrape']).toBeUndefined();
    }
    expect(off.filter((o) => o.kind === 'PodMonitor')).toEqual([]);

    const on = objectsOf('metrics and tracing on, s3 uploads');
    for (const service of SERVICE_NAMES) {
      const deployment = find(on, 'Deployment', `bakery-${service}`)!;
      expect(envVar(deployment, 'METRICS_PORT')?.value).toBe('9464');
      expect(deployment.spec.template.spec.containers[0].ports).toEqual([{ name: 'metrics', containerPort: 9464 }]);
      expect(deployment.spec.template.metadata.annotations).toMatchObject({ 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9464' });
      expect(envVar(deployment, 'OTEL_SERVICE_NAME')?.value).toBe(`bakery-${service}`);
    }
    const gateway = find(on, 'Deployment', 'bakery-gateway')!;
    expect(envVar(gateway, 'METRICS_TOKEN')?.valueFrom?.secretKeyRef).toEqual({ name: 'bakery-metrics', key: 'METRICS_TOKEN' });
    for (const deployment of on.filter((o) => o.kind === 'Deployment')) {
      expect(envVar(deployment, 'OTEL_EXPORTER_OTLP_ENDPOINT')?.value).toBe('http://otel-collector.monitoring:4318');
    }
    const monitors = on.filter((o) => o.kind === 'PodMonitor');
    expect(monitors.map((m) => m.metadata.name).sort()).toEqual(['bakery-gateway', 'bakery-services']);
    expect(monitors[0].metadata.labels?.release).toBe('prometheus');
    const services = find(on, 'PodMonitor', 'bakery-services')!;
    expect(services.spec.selector.matchExpressions[0].values).toEqual([...SERVICE_NAMES].sort());
    expect(find(on, 'PodMonitor', 'bakery-gateway')!.spec.podMetricsEndpoints[0].authorization.credentials).toEqual({
      name: 'bakery-metrics',
      key: 'METRICS_TOKEN',
    });
  });

  it('gives notifications its mail settings, SMTP_URL from a Secret, and no other process any', () => {
    const MAIL = ['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'ADMIN_ORDER_EMAIL', 'MAIL_DIR'];
    const defaults = objectsOf('defaults');
    const byDefault = find(defaults, 'Deployment', 'bakery-notifications')!;
    // no SMTP server named: .eml files in the pod's writable /tmp; links to the Ingress' host
    expect(envVar(byDefault, 'SMTP_URL')).toBeUndefined();
    expect(envVar(byDefault, 'MAIL_DIR')?.value).toBe('/tmp/mail');
    expect(envVar(byDefault, 'PUBLIC_URL')?.value).toBe('https://bakery.example.com');
    expect(envVar(byDefault, 'MAIL_FROM')).toBeUndefined();
    expect(envVar(byDefault, 'ADMIN_ORDER_EMAIL')).toBeUndefined();
    for (const deployment of defaults.filter((o) => o.kind === 'Deployment' && o.metadata.name !== 'bakery-notifications')) {
      expect(envOf(deployment).map((e) => e.name).filter((n) => MAIL.includes(n))).toEqual([]);
    }

    const smtp = find(objectsOf('mail through an SMTP server'), 'Deployment', 'bakery-notifications')!;
    expect(envVar(smtp, 'SMTP_URL')).toEqual({ name: 'SMTP_URL', valueFrom: { secretKeyRef: { name: 'bakery-smtp', key: 'SMTP_URL' } } });
    expect(envVar(smtp, 'MAIL_FROM')?.value).toBe('Rise & Shine <orders@example.com>');
    expect(envVar(smtp, 'ADMIN_ORDER_EMAIL')?.value).toBe('orders@example.com');
    expect(envVar(smtp, 'PUBLIC_URL')?.value).toBe('http://shop.example.com');

    // without an Ingress there is no address to guess: the operator sets mail.publicUrl
    expect(envVar(find(objectsOf('separate NATS, no Ingress, existing claim'), 'Deployment', 'bakery-notifications')!, 'PUBLIC_URL')).toBeUndefined();
  });

  it('stores photos on one volume every gateway shares, or in a bucket', () => {
    const local = objectsOf('defaults');
    const claim = find(local, 'PersistentVolumeClaim', 'bakery-objects')!;
    expect(claim.spec.accessModes).toEqual(['ReadWriteMany']);
    const pod = find(local, 'Deployment', 'bakery-gateway')!.spec.template.spec;
    expect(pod.volumes).toContainEqual({ name: 'objects', persistentVolumeClaim: { claimName: 'bakery-objects' } });
    expect(find(objectsOf('separate NATS, no Ingress, existing claim'), 'PersistentVolumeClaim', 'bakery-objects')).toBeUndefined();

    const s3 = find(objectsOf('metrics and tracing on, s3 uploads'), 'Deployment', 'bakery-gateway')!;
    expect(envVar(s3, 'OBJECT_STORAGE_DRIVER')?.value).toBe('s3');
    expect(envVar(s3, 'S3_SECRET_ACCESS_KEY')?.valueFrom?.secretKeyRef).toEqual({ name: 'bakery-s3', key: 'S3_SECRET_ACCESS_KEY' });
    expect(s3.spec.template.spec.volumes.map((v: { name: string }) => v.name)).toEqual(['tmp']);
  });
});

describe('secrets', () => {
  // SMTP_URL may carry the mail server's user and password
  const SENSITIVE = /SECRET|PASSWORD|TOKEN|_KEY$|_KEY_ID$|DATABASE_URL|SMTP_URL/;

  it.each(VALID)('no Secret is rendered, and every secret variable is read from one (%s)', (scenario) => {
    const objects = objectsOf(scenario);
    expect(objects.filter((o) => o.kind === 'Secret')).toEqual([]);
    for (const deployment of objects.filter((o) => o.kind === 'Deployment')) {
      for (const variable of envOf(deployment).filter((e) => SENSITIVE.test(e.name))) {
        expect(variable.value).toBeUndefined();
        expect(variable.valueFrom?.secretKeyRef).toEqual(expect.objectContaining({ name: expect.any(String), key: expect.any(String) }));
      }
    }
  });

  it('values.yaml names Secrets and their keys and holds no secret material', () => {
    const values = parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    const leaves: Array<[string, unknown]> = [];
    const walk = (node: unknown, at: string) => {
      if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) walk(v, at ? `${at}.${k}` : k);
      else leaves.push([at, node]);
    };
    walk(values, '');
    const secretish = leaves.filter(([at]) => /secret|password|token|credential|jwt/i.test(at));
    expect(secretish.length).toBeGreaterThan(5);
    for (const [at] of secretish) {
      // the name of a Secret, a key in it, or whether it may be missing: never a value
      expect(at).toMatch(/(secretName|credentialsSecret|Secret\.name|Secret\.key|\.key|\.optional)$/);
    }
    // and no plain variable is set by default
    expect(values.env).toEqual({});
    expect(values.gateway.env).toEqual({});
    for (const service of SERVICE_NAMES) expect(values.services[service].env).toEqual({});
  });

  it('the database URL comes from the operator\'s Secret, the managed database\'s, or a service\'s own', () => {
    const cnpg = find(objectsOf('defaults'), 'Deployment', 'bakery-catalog')!;
    expect(envVar(cnpg, 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({ name: 'bakery-postgres-app', key: 'uri' });
    const external = objectsOf('external database, fixed replicas');
    expect(envVar(find(external, 'Deployment', 'shop-catalog')!, 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'managed-db',
      key: 'url',
    });
    expect(envVar(find(external, 'Deployment', 'shop-ordering')!, 'DATABASE_URL')?.valueFrom?.secretKeyRef).toEqual({
      name: 'ordering-db',
      key: 'url',
    });
  });
});

describe('PostgreSQL', () => {
  it('is a 3-instance CloudNativePG cluster whose owner may create the service databases', () => {
    const cluster = find(objectsOf('defaults'), 'Cluster', 'bakery-postgres')!;
    expect(cluster.apiVersion).toBe('postgresql.cnpg.io/v1');
    expect(cluster.spec.instances).toBe(3);
    expect(cluster.spec.bootstrap.initdb).toEqual({ database: 'app', owner: 'app', postInitSQL: ['ALTER ROLE app CREATEDB'] });
    expect(cluster.spec.affinity).toEqual({ enablePodAntiAffinity: true, topologyKey: 'kubernetes.io/hostname' });
    expect(cluster.spec.backup).toBeUndefined();
  });

  it('has room for every service instance\'s pool at the autoscalers\' ceilings', () => {
    const values = parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));
    const POOL = 10; // libs/service-kit/src/start-service.ts: extra.max
    const RESERVED = 10; // superuser, replication and the operator's own connections
    const needed = SERVICE_NAMES.reduce((sum, s) => sum + values.services[s].autoscaling.maxReplicas * POOL, 0);
    expect(needed + RESERVED).toBeLessThanOrEqual(Number(values.postgres.cloudnativePg.maxConnections));
    expect(fs.readFileSync(path.join(repoRoot, 'libs/service-kit/src/start-service.ts'), 'utf8')).toContain(`max: ${POOL}`);
  });

  it('backs up daily to an object store, and restores a new cluster from it', () => {
    const objects = objectsOf('CloudNativePG with backups, restored from them');
    const cluster = find(objects, 'Cluster', 'bakery-postgres')!;
    expect(cluster.spec.backup.barmanObjectStore.destinationPath).toBe('s3://bakery-backups/postgres');
    expect(cluster.spec.backup.barmanObjectStore.s3Credentials.secretAccessKey).toEqual({ name: 'bakery-backup-s3', key: 'ACCESS_SECRET_KEY' });
    expect(cluster.spec.bootstrap).toEqual({ recovery: { source: 'origin', recoveryTarget: { targetTime: '2026-11-25T08:00:00Z' } } });
    expect(cluster.spec.externalClusters[0]).toMatchObject({ name: 'origin', barmanObjectStore: { serverName: 'bakery-postgres' } });
    const schedule = find(objects, 'ScheduledBackup', 'bakery-postgres-daily')!;
    expect(schedule.spec).toMatchObject({ cluster: { name: 'bakery-postgres' }, method: 'barmanObjectStore', schedule: '0 0 3 * * *' });
  });

  it('is not made when the database is managed elsewhere', () => {
    const objects = objectsOf('external database, fixed replicas');
    expect(objects.filter((o) => o.apiVersion.startsWith('postgresql.cnpg.io'))).toEqual([]);
  });
});

describe('NATS', () => {
  const chart = parse(fs.readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8'));
  const values = parse(fs.readFileSync(path.join(chartDir, 'values.yaml'), 'utf8'));

  it('comes from the official chart as a 3-node JetStream cluster on volumes', () => {
    expect(chart.dependencies).toContainEqual(
      expect.objectContaining({ name: 'nats', repository: 'https://nats-io.github.io/k8s/helm/charts/', condition: 'nats.enabled' }),
    );
    expect(values.nats.config.cluster).toEqual({ enabled: true, replicas: 3 });
    expect(values.nats.config.jetstream).toMatchObject({ enabled: true, fileStore: { enabled: true, pvc: { enabled: true } } });
    // the processes find it under the name the dependency is given
    expect(values.natsUrl).toBe(`nats://${values.nats.fullnameOverride}:4222`);
  });

  it('keeps the event stream on 3 of its servers, never more than there are', () => {
    expect(Number(values.events.streamReplicas)).toBe(3);
    expect(Number(values.events.streamReplicas)).toBeLessThanOrEqual(values.nats.config.cluster.replicas);
  });

  it('can be installed separately', () => {
    const objects = objectsOf('separate NATS, no Ingress, existing claim');
    expect(envVar(find(objects, 'Deployment', 'bakery-ordering')!, 'NATS_URL')?.value).toBe('nats://nats.messaging:4222');
    expect(objects.filter((o) => o.kind === 'Ingress')).toEqual([]);
    expect(objects.filter((o) => o.kind === 'ServiceAccount')).toEqual([]);
    expect(find(objects, 'Deployment', 'bakery-auth')!.spec.template.spec.serviceAccountName).toBe('bakery-runner');
  });
});

describe('the gateway behind the Ingress', () => {
  const objects = () => objectsOf('defaults');

  it('routes everything to the gateway Service, without sticky sessions', () => {
    const ingress = find(objects(), 'Ingress', 'bakery-gateway')!;
    const backend = ingress.spec.rules[0].http.paths[0];
    expect(backend).toMatchObject({ path: '/', pathType: 'Prefix', backend: { service: { name: 'bakery-gateway', port: { name: 'http' } } } });
    const annotations = ingress.metadata.annotations ?? {};
    expect(Object.keys(annotations).filter((k) => /affinity|sticky|session-cookie/.test(k))).toEqual([]);
    const service = find(objects(), 'Service', 'bakery-gateway')!;
    expect(service.spec.sessionAffinity).toBe('None');
    const pods = find(objects(), 'Deployment', 'bakery-gateway')!.spec.template;
    expect(matches(service.spec.selector, pods.metadata.labels)).toBe(true);
    expect(pods.spec.containers[0].ports).toContainEqual({ name: 'http', containerPort: 3000 });
  });

  it('lets a photo upload through and keeps websockets open', () => {
    const annotations = find(objects(), 'Ingress', 'bakery-gateway')!.metadata.annotations!;
    const uploadMax = Number(gatewayConfig.uploadMaxBytes.defaultValue);
    const bodyLimit = annotations['nginx.ingress.kubernetes.io/proxy-body-size'];
    expect(bodyLimit).toMatch(/^\d+m$/);
    expect(Number.parseInt(bodyLimit, 10) * 1024 * 1024).toBeGreaterThan(uploadMax);
    expect(Number(annotations['nginx.ingress.kubernetes.io/proxy-read-timeout'])).toBeGreaterThan(60);
  });

  it('stops taking requests before it stops', () => {
    const deployment = find(objects(), 'Deployment', 'bakery-gateway')!;
    const pod = deployment.spec.template.spec;
    const sleep = Number(pod.containers[0].lifecycle.preStop.exec.command[1]);
    expect(sleep).toBeGreaterThan(0);
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(sleep + 10);
  });
});

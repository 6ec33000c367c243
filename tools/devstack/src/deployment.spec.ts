import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@bakery/contracts';
import { serviceConfig } from '@bakery/platform';
import { gatewayConfig } from '@bakery/gateway';
import { authConfigSpec } from '../../../services/auth/src/auth.config';
import { catalogConfigSpec } from '../../../services/catalog/src/catalog.config';
import { notificationsConfigSpec } from '../../../services/notifications/src/notifications.config';
import { orderingConfigSpec } from '../../../services/ordering/src/ordering.config';

/**
 * Keeps the container deployment (docker-compose.yml + Dockerfile) in step with the code: every
 * service is deployed, scalable, and given every variable its configuration reads. A variable
 * added to `serviceConfig` or `gatewayConfig` fails here until compose passes it too.
 */

const repoRoot = path.resolve(__dirname, '../../..');

/** The parts of a compose service this test looks at. */
interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  depends_on?: string[] | Record<string, { condition?: string }>;
  ports?: Array<string | number | { target?: number; published?: string | number }>;
  container_name?: string;
  healthcheck?: { test?: string | string[]; disable?: boolean };
}

// merge: true resolves the `<<: *service` merge keys, as docker compose does.
const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};
const services = compose.services;

function commandLine(service: ComposeService): string {
  return Array.isArray(service.command) ? service.command.join(' ') : (service.command ?? '');
}

/** Names of the variables set, for both the map and the list (`- NAME=value`) syntax. */
function envNames(service: ComposeService): string[] {
  const env = service.environment ?? {};
  return Array.isArray(env) ? env.map((entry) => entry.split('=')[0]) : Object.keys(env);
}

function dependsOn(service: ComposeService): Record<string, string> {
  const deps = service.depends_on ?? {};
  if (Array.isArray(deps)) return Object.fromEntries(deps.map((name) => [name, 'service_started']));
  return Object.fromEntries(Object.entries(deps).map(([name, d]) => [name, d?.condition ?? 'service_started']));
}

/** Container ports published on the host. */
function publishedTargets(service: ComposeService): number[] {
  return (service.ports ?? []).map((port) => {
    if (typeof port === 'object') return Number(port.target);
    // "3000", "3000:3000", "127.0.0.1:3000:3000", "3000:3000/tcp": the container port is last.
    const spec = String(port).replace(/\/\w+$/, '');
    return Number(spec.split(':').pop());
  });
}

function envVarNames(config: Record<string, { name: string }>): string[] {
  return Object.values(config).map((v) => v.name);
}

describe('docker-compose.yml', () => {
  it('runs Postgres and NATS with JetStream', () => {
    expect(services.postgres).toBeDefined();
    expect(services.postgres.healthcheck?.test).toBeDefined();
    expect(services.nats).toBeDefined();
    expect(services.nats.healthcheck?.test).toBeDefined();
    const natsArgs = Array.isArray(services.nats.command)
      ? services.nats.command
      : commandLine(services.nats).split(/\s+/);
    expect(natsArgs).toContain('-js');
  });

  describe.each(SERVICE_NAMES)('service %s', (name) => {
    const service = services[name];

    it('exists and runs its build output', () => {
      expect(service).toBeDefined();
      expect(service.build ?? service.image).toBeDefined();
      expect(commandLine(service)).toContain(`services/${name}/dist/main.js`);
    });

    it('is given every variable of serviceConfig', () => {
      expect(envNames(service)).toEqual(expect.arrayContaining(envVarNames(serviceConfig)));
    });

    it('waits for healthy Postgres and NATS', () => {
      expect(dependsOn(service)).toMatchObject({ postgres: 'service_healthy', nats: 'service_healthy' });
    });

    it('has a healthcheck that asks its own health handler over NATS', () => {
      expect(service.healthcheck?.test).toEqual(['CMD', 'node', 'libs/service-kit/dist/healthcheck.js', name]);
      expect(fs.existsSync(path.join(repoRoot, 'libs/service-kit/src/healthcheck.ts'))).toBe(true);
      expect(dependsOn(services.gateway)[name]).toBe('service_healthy');
    });

    it('can be scaled: no host ports, no fixed container name', () => {
      expect(service.ports ?? []).toEqual([]);
      expect(service.container_name).toBeUndefined();
    });
  });

  it.each([
    ['auth', authConfigSpec],
    ['catalog', catalogConfigSpec],
    ['ordering', orderingConfigSpec],
  ] as const)('gives %s every variable of its own config too', (name, spec) => {
    expect(envNames(services[name])).toEqual(expect.arrayContaining(envVarNames(spec)));
  });

  it('gives notifications every variable of its own config (PORT only makes the default PUBLIC_URL, which compose sets)', () => {
    const vars = envVarNames(notificationsConfigSpec).filter((name) => name !== 'PORT');
    expect(vars).toEqual(expect.arrayContaining(['SMTP_URL', 'MAIL_FROM', 'PUBLIC_URL', 'ADMIN_ORDER_EMAIL', 'MAIL_DIR']));
    expect(envNames(services.notifications)).toEqual(expect.arrayContaining(vars));
    // empty by default: mail is written as .eml files, never sent anywhere by surprise
    expect((services.notifications.environment as Record<string, unknown>).SMTP_URL).toBe('${SMTP_URL:-}');
  });

  describe('gateway', () => {
    const gateway = services.gateway;

    it('runs its build output and publishes port 3000', () => {
      expect(gateway).toBeDefined();
      expect(commandLine(gateway)).toContain('gateway/dist/main.js');
      expect(publishedTargets(gateway)).toContain(3000);
    });

    it('has a healthcheck', () => {
      expect(gateway.healthcheck?.test).toBeDefined();
      expect(gateway.healthcheck?.disable).not.toBe(true);
    });

    it('is given every variable of gatewayConfig (WEB_DIST_DIR may keep its image default)', () => {
      const required = envVarNames(gatewayConfig).filter((name) => name !== 'WEB_DIST_DIR');
      expect(envNames(gateway)).toEqual(expect.arrayContaining(required));
    });
  });
});

describe('Dockerfile', () => {
  const dockerfilePath = path.join(repoRoot, 'Dockerfile');

  it('exists, installs with npm ci and runs as a non-root user', () => {
    expect(fs.existsSync(dockerfilePath)).toBe(true);
    const instructions = fs
      .readFileSync(dockerfilePath, 'utf8')
      .replace(/\\\r?\n/g, ' ') // join continued lines
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'));

    expect(instructions.some((line) => /^RUN\b.*\bnpm ci\b/.test(line))).toBe(true);

    // The last USER is the one the final (runtime) stage runs as.
    const users = instructions.filter((line) => /^USER\s/i.test(line)).map((line) => line.split(/\s+/)[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(['root', '0', '0:0', 'root:root']).not.toContain(users[users.length - 1]);
  });
});

import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@bakery/contracts';

/**
 * The compose file's optional extras (Prometheus, Grafana, the mail catcher) are behind profiles:
 * a plain `docker compose up` starts exactly the platform, as before. There is no Docker engine
 * here, so the file is read as compose reads it (merge keys resolved); the platform's own services
 * are checked by tools/devstack/src/deployment.spec.ts.
 */

const repoRoot = path.resolve(__dirname, '../..');

interface ComposeService {
  image?: string;
  profiles?: string[];
  depends_on?: string[] | Record<string, unknown>;
  ports?: Array<string | number>;
  volumes?: string[];
  environment?: Record<string, unknown>;
}

const compose = parse(fs.readFileSync(path.join(repoRoot, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const services = compose.services;

/** What `docker compose up` started before the profiles were added. */
const PLATFORM = ['postgres', 'nats', 'minio', 'minio-init', ...SERVICE_NAMES, 'gateway'];
const OPTIONAL: Record<string, string> = { prometheus: 'metrics', grafana: 'metrics', mailpit: 'mail' };

const dependencies = (service: ComposeService) =>
  Array.isArray(service.depends_on) ? service.depends_on : Object.keys(service.depends_on ?? {});

describe('docker-compose.yml profiles', () => {
  it('starts exactly the platform without a profile', () => {
    const byDefault = Object.entries(services)
      .filter(([, service]) => !service.profiles?.length)
      .map(([name]) => name);
    expect(byDefault.sort()).toEqual([...PLATFORM].sort());
  });

  it.each(Object.entries(OPTIONAL))('has %s behind the %s profile, with a pinned image', (name, profile) => {
    expect(services[name]?.profiles).toEqual([profile]);
    expect(services[name].image).toMatch(/:v?\d+\.\d+\.\d+$/);
  });

  it('lets no platform service wait for an optional one', () => {
    for (const name of PLATFORM) {
      expect(dependencies(services[name]).filter((dep) => dep in OPTIONAL)).toEqual([]);
    }
  });

  it('publishes the optional tools on this machine only', () => {
    for (const name of Object.keys(OPTIONAL)) {
      for (const port of services[name].ports ?? []) expect(String(port)).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('mounts files that exist, and declares its volumes', () => {
    for (const name of Object.keys(OPTIONAL)) {
      for (const volume of services[name].volumes ?? []) {
        const source = volume.split(':')[0];
        if (source.startsWith('./')) expect(fs.existsSync(path.join(repoRoot, source))).toBe(true);
        else expect(compose.volumes).toHaveProperty(source);
      }
    }
  });

  it('has Prometheus scrape the gateway with its token and every replica of every service', () => {
    const config = parse(fs.readFileSync(path.join(repoRoot, 'deploy/prometheus/prometheus.yml'), 'utf8'));
    const jobs = Object.fromEntries(config.scrape_configs.map((job: { job_name: string }) => [job.job_name, job]));
    expect(jobs.gateway.static_configs[0].targets).toEqual(['gateway:3000']);
    expect(jobs.gateway.authorization).toEqual({ type: 'Bearer', credentials_file: '/prometheus/metrics-token' });
    const discovery = jobs.services.dns_sd_configs[0];
    expect([...discovery.names].sort()).toEqual([...SERVICE_NAMES].sort());
    expect(discovery).toMatchObject({ type: 'A', port: 9464 });
    // the token file is written from the environment compose gives Prometheus
    expect(services.prometheus.environment).toHaveProperty('METRICS_TOKEN');
    expect(services.gateway.environment).toHaveProperty('METRICS_TOKEN');
    for (const name of SERVICE_NAMES) expect(services[name].environment).toHaveProperty('METRICS_PORT');
  });

  it('gives Grafana Prometheus as its data source', () => {
    const datasources = parse(fs.readFileSync(path.join(repoRoot, 'deploy/grafana/provisioning/datasources/prometheus.yml'), 'utf8'));
    expect(datasources.datasources[0]).toMatchObject({ type: 'prometheus', url: 'http://prometheus:9090' });
  });

  it('keeps one copy of the event stream on its one NATS server', () => {
    for (const name of SERVICE_NAMES) expect(services[name].environment?.EVENT_STREAM_REPLICAS).toBe('${EVENT_STREAM_REPLICAS:-1}');
  });
});

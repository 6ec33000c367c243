import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DataSource } from 'typeorm';
import { parse } from 'yaml';
import { SERVICE_NAMES } from '@bakery/contracts';
import type { EventBus } from '@bakery/event-bus';
import {
  emailCounters,
  httpRequestInstruments,
  Metrics,
  natsHandledInstruments,
  natsRequestInstruments,
  registerPoolMetrics,
} from '@bakery/platform';
import { EventBusMetrics } from '../../libs/event-bus/src/event-bus-metrics';
import { StockService } from '../../services/catalog/src/stock/stock.service';
import { observeOrders } from '../../services/ordering/src/observability/order-metrics';
import { renderChart, type K8sObject, type Rendered } from './render-chart';

/**
 * The Grafana dashboard (deploy/grafana/dashboards/bakery.json) and the alert rules
 * (deploy/prometheus/alerts.yml) ask only for metrics and labels the code registers, are well
 * formed, and reach Kubernetes through the chart when asked (monitoring.*).
 */

const repoRoot = path.resolve(__dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const COMPONENTS = ['gateway', ...SERVICE_NAMES];

// ---- what the code registers -------------------------------------------------------------------

/**
 * One registry with every metric of every process, made by the code that makes them in the
 * processes (the process metrics, HTTP, NATS, the pool, the event bus, the business counters).
 */
function registeredMetrics(): Metrics {
  const metrics = new Metrics('test', true);
  httpRequestInstruments(metrics);
  natsRequestInstruments(metrics);
  natsHandledInstruments(metrics);
  emailCounters(metrics);
  registerPoolMetrics(metrics, { driver: {} } as unknown as DataSource);
  new EventBusMetrics(metrics, { service: 'test', namespace: 'test', dataSource: {} as DataSource, nc: {} as never, types: () => [] });
  observeOrders({ metrics, bus: { onRelayed: () => undefined } as unknown as EventBus });
  new StockService(undefined as never, undefined as never, undefined as never, undefined as never, undefined as never, metrics);
  return metrics;
}

/** Series names Prometheus stores for each registered metric, with the labels each may carry. */
function seriesOf(metrics: Metrics): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>();
  for (const metric of metrics.registry.getMetricsAsArray() as unknown as Array<{ name: string; type: string; labelNames: string[] }>) {
    // every series carries the registry's `service` label
    const labels = new Set(['service', ...metric.labelNames]);
    if (metric.type === 'histogram') {
      series.set(`${metric.name}_bucket`, new Set([...labels, 'le']));
      series.set(`${metric.name}_sum`, labels);
      series.set(`${metric.name}_count`, labels);
    } else {
      series.set(metric.name, labels);
    }
  }
  return series;
}

/** bakery_* names the sources register literally, so a metric added elsewhere fails the test until it is made above too. */
function namesInSources(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(full);
      } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts')) {
        const text = fs.readFileSync(full, 'utf8');
        for (const m of text.matchAll(/\.(?:counter|histogram|gauge)(?:<[^>]*>)?\(\s*'(bakery_[a-z0-9_]+)'/g)) names.add(m[1]);
        for (const m of text.matchAll(/\b(?:count|duration):\s*'(bakery_[a-z0-9_]+)'/g)) names.add(m[1]);
      }
    }
  };
  for (const root of ['gateway/src', 'libs', 'services']) walk(path.join(repoRoot, root));
  return [...names].sort();
}

// ---- PromQL, read just enough --------------------------------------------------------------------

/** Labels Prometheus adds to every scraped series (compose's jobs and the operator's PodMonitors). */
const TARGET_LABELS = ['job', 'instance', 'namespace', 'pod', 'container', 'endpoint', '__name__'];
const KEYWORDS = new Set(['and', 'or', 'unless', 'bool', 'offset', 'by', 'without', 'on', 'ignoring', 'group_left', 'group_right', 'inf', 'nan']);
/** Prometheus' own series (not the code's). */
const PROMETHEUS_SERIES = new Set(['up']);

const withoutStrings = (expr: string) => expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');

/** The metric names an expression reads. */
function metricNamesOf(expr: string): string[] {
  const bare = withoutStrings(expr)
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names: string[] = [];
  for (const m of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*/g)) {
    const before = bare[m.index! - 1];
    if (before && /[0-9.]/.test(before)) continue; // an exponent or a unit of a number
    if (bare.slice(m.index! + m[0].length).trimStart().startsWith('(')) continue; // a function or an aggregation
    if (!KEYWORDS.has(m[0])) names.push(m[0]);
  }
  return names;
}

/** Each selector's metric and the label names it matches on. */
function selectorsOf(expr: string): Array<{ metric: string; labels: string[] }> {
  return [...withoutStrings(expr).matchAll(/([a-zA-Z_:][a-zA-Z0-9_:]*)\s*\{([^}]*)\}/g)].map((m) => ({
    metric: m[1],
    labels: [...m[2].matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]),
  }));
}

/** Labels named in by/without/on/ignoring lists. */
function groupingLabelsOf(expr: string): string[] {
  return [...withoutStrings(expr).matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean),
  );
}

/** Every problem of one expression against the registered series. */
function problemsOf(where: string, expr: string, series: Map<string, Set<string>>): string[] {
  const problems: string[] = [];
  const names = metricNamesOf(expr);
  if (names.length === 0) problems.push(`${where}: reads no metric`);
  const known = new Set<string>(TARGET_LABELS);
  for (const name of names) {
    const labels = series.get(name);
    if (labels) labels.forEach((l) => known.add(l));
    else if (!PROMETHEUS_SERIES.has(name)) problems.push(`${where}: ${name} is not a metric the code registers`);
  }
  for (const { metric, labels } of selectorsOf(expr)) {
    const allowed = series.get(metric) ?? (PROMETHEUS_SERIES.has(metric) ? new Set<string>() : undefined);
    if (!allowed) continue;
    for (const label of labels) {
      if (!allowed.has(label) && !TARGET_LABELS.includes(label)) problems.push(`${where}: ${metric} has no label ${label}`);
    }
  }
  for (const label of groupingLabelsOf(expr)) {
    if (!known.has(label)) problems.push(`${where}: no metric of the expression has the label ${label}`);
  }
  return problems;
}

// ---- the files -----------------------------------------------------------------------------------

interface Target {
  refId: string;
  expr: string;
  legendFormat?: string;
  datasource?: { type: string; uid: string };
}
interface Panel {
  id: number;
  type: string;
  title: string;
  gridPos: { h: number; w: number; x: number; y: number };
  datasource?: { type: string; uid: string };
  targets?: Target[];
  panels?: Panel[];
}
interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: Record<string, string>;
  annotations: Record<string, string>;
}

const dashboardText = read('deploy/grafana/dashboards/bakery.json');
const dashboard = JSON.parse(dashboardText) as {
  uid: string;
  title: string;
  schemaVersion: number;
  panels: Panel[];
  templating: { list: Array<{ name: string; type: string; query?: unknown; definition?: string; includeAll?: boolean }> };
};
const alertsText = read('deploy/prometheus/alerts.yml');
const alerts = parse(alertsText) as { groups: Array<{ name: string; rules: Rule[] }> };
const rules = alerts.groups.flatMap((g) => g.rules);
const panels = dashboard.panels.flatMap((p) => [p, ...(p.panels ?? [])]);
const queryPanels = panels.filter((p) => p.type !== 'row');

describe('the metrics the dashboard and the alerts read', () => {
  const series = seriesOf(registeredMetrics());

  it('are made by the code: every bakery_* metric the sources register is in the registry built here', () => {
    const names = namesInSources();
    expect(names.length).toBeGreaterThan(15);
    const registered = new Set([...series.keys()].map((n) => n.replace(/_(bucket|sum|count)$/, '')));
    expect(names.filter((n) => !registered.has(n) && !series.has(n))).toEqual([]);
    // the process metrics under the prefix too (prom-client's, as the processes collect them)
    expect(series.has('bakery_process_cpu_seconds_total')).toBe(true);
    expect(series.has('bakery_nodejs_eventloop_lag_p99_seconds')).toBe(true);
  });

  it('catches a name or a label that is not registered (the check itself)', () => {
    expect(problemsOf('x', 'sum by (route) (rate(bakery_http_requests_total{status=~"5.."}[5m]))', series)).toEqual([]);
    expect(problemsOf('x', 'rate(bakery_orders_total[5m])', series)).toEqual(['x: bakery_orders_total is not a metric the code registers']);
    expect(problemsOf('x', 'rate(bakery_http_requests_total{code="500"}[5m])', series)).toEqual(['x: bakery_http_requests_total has no label code']);
    expect(problemsOf('x', 'sum by (route) (rate(bakery_nats_requests_total[5m]))', series)).toEqual([
      'x: no metric of the expression has the label route',
    ]);
    expect(problemsOf('x', 'histogram_quantile(0.99, sum by (le) (rate(bakery_http_request_duration_seconds[5m])))', series)).toEqual([
      'x: bakery_http_request_duration_seconds is not a metric the code registers',
      'x: no metric of the expression has the label le',
    ]);
    expect(problemsOf('x', 'process_cpu_seconds_total', series)).toEqual(['x: process_cpu_seconds_total is not a metric the code registers']);
  });

  it('in the dashboard are registered, with the labels they are selected and grouped by', () => {
    const problems = queryPanels.flatMap((p) => (p.targets ?? []).flatMap((t) => problemsOf(`${p.title} ${t.refId}`, t.expr, series)));
    expect(problems).toEqual([]);
    // the service variable lists the values of a registered metric's label
    const variable = dashboard.templating.list.find((v) => v.name === 'service')!;
    const [, metric, label] = /^label_values\((\w+),\s*(\w+)\)$/.exec(variable.definition ?? '')!;
    expect(series.get(metric)?.has(label)).toBe(true);
  });

  it('in the alert rules are registered, with the labels they are selected and grouped by', () => {
    expect(rules.flatMap((r) => problemsOf(r.alert, r.expr, series))).toEqual([]);
  });
});

describe('the dashboard', () => {
  it('is a Grafana dashboard: uid, title, schema version, panels in a 24-column grid with unique ids', () => {
    expect(dashboard).toMatchObject({ uid: expect.stringMatching(/^[a-z0-9-]{1,40}$/), title: expect.any(String), schemaVersion: expect.any(Number) });
    const ids = panels.map((p) => p.id);
    expect(ids.every((id) => Number.isInteger(id) && id > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const p of panels) {
      const { h, w, x, y } = p.gridPos;
      expect([p.title, [h, w, x, y].every((n) => Number.isInteger(n) && n >= 0), x + w <= 24, w > 0 && h > 0]).toEqual([p.title, true, true, true]);
    }
    // no two panels overlap
    const cells = new Map<string, string>();
    for (const p of panels) {
      for (let dy = 0; dy < p.gridPos.h; dy++) {
        for (let dx = 0; dx < p.gridPos.w; dx++) {
          const cell = `${p.gridPos.x + dx},${p.gridPos.y + dy}`;
          expect([cell, cells.get(cell)]).toEqual([cell, undefined]);
          cells.set(cell, p.title);
        }
      }
    }
  });

  it('queries Prometheus from every panel through the datasource variable, each target with its own refId', () => {
    const datasource = { type: 'prometheus', uid: '${datasource}' };
    expect(dashboard.templating.list.find((v) => v.name === 'datasource')).toMatchObject({ type: 'datasource', query: 'prometheus' });
    expect(queryPanels.length).toBeGreaterThan(20);
    for (const p of queryPanels) {
      expect([p.title, p.datasource]).toEqual([p.title, datasource]);
      expect(p.targets?.length).toBeGreaterThan(0);
      const refIds = p.targets!.map((t) => t.refId);
      expect(new Set(refIds).size).toBe(refIds.length);
      for (const t of p.targets!) expect([p.title, typeof t.expr, t.expr.length > 0, t.datasource]).toEqual([p.title, 'string', true, datasource]);
    }
  });

  it('uses only the variables it defines (and Grafana\'s own), and filters per service with $service', () => {
    const defined = new Set(dashboard.templating.list.map((v) => v.name));
    const used = queryPanels.flatMap((p) => p.targets!.flatMap((t) => [...t.expr.matchAll(/\$(\w+)/g)].map((m) => m[1])));
    expect(used.filter((v) => !v.startsWith('__') && !defined.has(v))).toEqual([]);
    expect(dashboard.templating.list.find((v) => v.name === 'service')).toMatchObject({ type: 'query', includeAll: true });
    expect(used.filter((v) => v === 'service').length).toBeGreaterThan(10);
  });

  it('has the rows the issue names: golden signals, saturation, the order funnel and the event bus', () => {
    const rows = dashboard.panels.filter((p) => p.type === 'row').map((p) => p.title);
    expect(rows).toEqual(expect.arrayContaining([expect.stringMatching(/^Golden signals/), expect.stringMatching(/^Saturation/), 'Order funnel', 'Event bus']));
    const exprs = queryPanels.flatMap((p) => p.targets!.map((t) => t.expr)).join('\n');
    for (const metric of [
      'bakery_http_request_duration_seconds_bucket',
      'bakery_nats_handle_duration_seconds_bucket',
      'bakery_process_cpu_seconds_total',
      'bakery_nodejs_eventloop_lag_p99_seconds',
      'bakery_db_pool_connections',
      'bakery_orders_placed_total',
      'bakery_order_value_total',
      'bakery_stock_reservations_refused_total',
      'bakery_emails_sent_total',
      'bakery_emails_failed_total',
      'bakery_events_published_total',
      'bakery_events_handled_total',
      'bakery_event_handler_failures_total',
      'bakery_outbox_pending',
      'bakery_outbox_oldest_pending_age_seconds',
      'bakery_event_consumer_pending',
      'bakery_event_dead_letters',
    ]) {
      expect([metric, exprs.includes(metric)]).toEqual([metric, true]);
    }
  });
});

describe('the alert rules', () => {
  it('parse as a Prometheus rule file; every rule has an expression, a for, a severity and a summary and description', () => {
    expect(alerts.groups.length).toBeGreaterThan(0);
    expect(new Set(alerts.groups.map((g) => g.name)).size).toBe(alerts.groups.length);
    for (const rule of rules) {
      expect(rule).toMatchObject({
        alert: expect.stringMatching(/^[A-Z][A-Za-z]+$/),
        expr: expect.any(String),
        for: expect.stringMatching(/^[0-9]+[smhdwy]$/),
        labels: { severity: expect.stringMatching(/^(critical|warning|info)$/) },
        annotations: { summary: expect.any(String), description: expect.any(String) },
      });
      expect(rule.annotations.summary.length).toBeGreaterThan(0);
    }
  });

  it('say when a component has no instance, for each of them', () => {
    const none = rules.filter((r) => r.alert === 'BakeryNoInstance');
    expect(none.map((r) => r.labels.service).sort()).toEqual([...COMPONENTS].sort());
    for (const rule of none) expect(rule.expr).toBe(`absent(bakery_process_start_time_seconds{service="${rule.labels.service}"})`);
  });

  it('cover the outbox older than a minute, consumer lag, 5xx, instances down and dead letters', () => {
    const by = (name: string) => rules.find((r) => r.alert === name)!;
    expect(by('BakeryOutboxStuck').expr).toMatch(/bakery_outbox_oldest_pending_age_seconds\) > 60$/);
    expect(by('BakeryConsumerLagHigh').expr).toContain('bakery_event_consumer_pending');
    expect(by('BakeryHighServerErrorRate').expr).toContain('status=~"5.."');
    expect(by('BakeryInstanceDown').expr).toMatch(/^up\{job=~".*gateway\|services.*"\} == 0$/);
    expect(by('BakeryDeadLetters').expr).toContain('bakery_event_dead_letters');
  });

  it('are loaded by the compose Prometheus', () => {
    const config = parse(read('deploy/prometheus/prometheus.yml'));
    expect(config.rule_files).toEqual(['/etc/prometheus/alerts.yml']);
    const compose = parse(read('docker-compose.yml'));
    expect(compose.services.prometheus.volumes).toContain('./deploy/prometheus/alerts.yml:/etc/prometheus/alerts.yml:ro');
  });
});

describe('the chart', () => {
  const SCENARIOS = [
    { name: 'defaults', values: {} },
    { name: 'metrics on, monitoring off', values: { metrics: { enabled: true, podMonitor: { enabled: true } } } },
    {
      name: 'dashboard and rules',
      release: 'shop',
      values: {
        metrics: { enabled: true, podMonitor: { enabled: true } },
        monitoring: {
          dashboard: { enabled: true, labels: { team: 'bakery' }, annotations: { grafana_folder: 'Bakery' } },
          prometheusRule: { enabled: true, labels: { release: 'prometheus' } },
        },
      },
    },
    { name: 'refused: a misspelt key', values: { monitoring: { dashboard: { enable: true } } } },
  ];
  let results: Map<string, Rendered>;

  beforeAll(() => {
    results = renderChart(SCENARIOS);
  }, 120_000);

  function objectsOf(name: string): K8sObject[] {
    const result = results.get(name)!;
    expect(result.error).toBeUndefined();
    expect(result.problems).toEqual([]);
    return result.objects!.map((o) => o.object);
  }
  const monitoringObjects = (objects: K8sObject[]) =>
    objects.filter((o) => o.kind === 'PrometheusRule' || (o.kind === 'ConfigMap' && o.metadata.labels?.grafana_dashboard !== undefined));

  it('renders neither the dashboard nor the rules by default, metrics on or off', () => {
    expect(monitoringObjects(objectsOf('defaults'))).toEqual([]);
    expect(monitoringObjects(objectsOf('metrics on, monitoring off'))).toEqual([]);
  });

  it('renders the dashboard as a ConfigMap for Grafana\'s sidecar, carrying the very JSON compose loads', () => {
    const objects = objectsOf('dashboard and rules');
    const [configMap] = objects.filter((o) => o.kind === 'ConfigMap' && o.metadata.name === 'shop-dashboard');
    expect(configMap.apiVersion).toBe('v1');
    expect(configMap.metadata.labels).toMatchObject({ grafana_dashboard: '1', team: 'bakery', 'app.kubernetes.io/instance': 'shop' });
    expect(configMap.metadata.annotations).toEqual({ grafana_folder: 'Bakery' });
    expect(Object.keys(configMap.data!)).toEqual(['bakery.json']);
    expect(configMap.data!['bakery.json']).toBe(dashboardText);
  });

  it('renders the rules as a valid PrometheusRule with the rule file\'s groups', () => {
    const result = results.get('dashboard and rules')!;
    const [rule] = objectsOf('dashboard and rules').filter((o) => o.kind === 'PrometheusRule');
    expect(rule).toMatchObject({ apiVersion: 'monitoring.coreos.com/v1', metadata: { name: 'shop-alerts', labels: { release: 'prometheus' } } });
    expect(rule.spec).toEqual({ groups: alerts.groups });
    // checked against the Prometheus operator's schema (@kubernetes-models/prometheus-operator), not skipped
    expect(result.skipped!.filter((s) => s.includes('PrometheusRule'))).toEqual([]);
    // Prometheus' own templates in the annotations reach the operator as they are
    expect(JSON.stringify(rule.spec)).toContain('{{ $labels.service }}');
  });

  it('refuses an unknown key under monitoring', () => {
    expect(results.get('refused: a misspelt key')!.error).toMatch(/values\.monitoring\.dashboard: must NOT have additional properties \(enable\)/);
  });
});

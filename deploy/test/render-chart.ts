import { execFileSync } from 'node:child_process';
import * as path from 'node:path';

/** A rendered Kubernetes object, read as plain JSON. */
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; labels?: Record<string, string>; annotations?: Record<string, string> }; spec?: any; data?: Record<string, string> };

/** One scenario's result: its objects (each validated against the Kubernetes schemas), or why it was refused. */
export interface Rendered {
  name: string;
  objects?: Array<{ source: string; object: K8sObject }>;
  notes?: string;
  problems?: string[];
  skipped?: string[];
  error?: string;
}

export interface ChartScenario {
  name: string;
  values: unknown;
  release?: string;
  namespace?: string;
}

const repoRoot = path.resolve(__dirname, '../..');

/**
 * Renders the chart (deploy/helm/bakery) once per scenario with Go's own template engine, without
 * helm or a cluster (deploy/tools/helm-template.mjs, in a child process: its packages are ES
 * modules), and answers each scenario's result by name.
 */
export function renderChart(scenarios: ChartScenario[]): Map<string, Rendered> {
  const out = execFileSync(process.execPath, [path.join(repoRoot, 'deploy/tools/helm-template.mjs'), '--batch'], {
    cwd: repoRoot,
    input: JSON.stringify(scenarios),
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Map((JSON.parse(out.toString('utf8')) as Rendered[]).map((r) => [r.name, r]));
}

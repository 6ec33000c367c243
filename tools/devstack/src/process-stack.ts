import { ChildProcess, spawn } from 'node:child_process';
import * as path from 'node:path';
import { SERVICE_NAMES, ServiceName } from '@bakery/contracts';

export type ProcessName = ServiceName | 'gateway';

/** The repository root (this file is tools/devstack/{src,dist}/process-stack.*). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

export function entryPointOf(name: ProcessName): string {
  return name === 'gateway'
    ? path.join(REPO_ROOT, 'gateway', 'dist', 'main.js')
    : path.join(REPO_ROOT, 'services', name, 'dist', 'main.js');
}

export interface ProcessStackOptions {
  env: NodeJS.ProcessEnv;
  /** where children write; 'inherit' shows their JSON logs on this terminal */
  stdio?: 'inherit' | 'ignore' | 'pipe';
  /** called when a child exits without being asked to */
  onUnexpectedExit?: (name: ProcessName, code: number | null, signal: NodeJS.Signals | null) => void;
}

/**
 * The gateway and the five services as real OS processes, started from their built `dist/`.
 * Nothing is restarted behind anyone's back: an unexpected exit is reported, not hidden.
 */
export class ProcessStack {
  private readonly children = new Map<ProcessName, ChildProcess[]>();
  private stopping = false;

  constructor(private readonly options: ProcessStackOptions) {}

  /** `nodeArgs` go to node before the entry point (e.g. `--cpu-prof`, which NODE_OPTIONS refuses). */
  spawn(name: ProcessName, extraEnv: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): ChildProcess {
    const child = spawn(process.execPath, [...nodeArgs, entryPointOf(name)], {
      cwd: REPO_ROOT,
      env: { ...this.options.env, ...extraEnv },
      stdio: ['ignore', this.options.stdio ?? 'inherit', this.options.stdio ?? 'inherit'],
    });
    this.children.set(name, [...(this.children.get(name) ?? []), child]);
    child.once('exit', (code, signal) => {
      const list = (this.children.get(name) ?? []).filter((c) => c !== child);
      this.children.set(name, list);
      if (!this.stopping && !(child as ChildProcess & { expectedExit?: boolean }).expectedExit) {
        this.options.onUnexpectedExit?.(name, code, signal);
      }
    });
    return child;
  }

  spawnAll(): void {
    for (const s of SERVICE_NAMES) this.spawn(s);
    this.spawn('gateway');
  }

  /** Sends `signal` to every instance of one process (SIGKILL for fault injection). */
  async kill(name: ProcessName, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const list = this.children.get(name) ?? [];
    await Promise.all(list.map((c) => stopChild(c, signal)));
  }

  /** Sends `signal` to one instance of a process (the oldest), leaving the others running. */
  async killOne(name: ProcessName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const [first] = this.children.get(name) ?? [];
    if (first) await stopChild(first, signal);
  }

  instances(name: ProcessName): number {
    return (this.children.get(name) ?? []).length;
  }

  /** SIGTERM to everything, SIGKILL to whatever is still there after `graceMs`. */
  async stopAll(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    const all = [...this.children.values()].flat();
    await Promise.all(all.map((c) => stopChild(c, 'SIGTERM', graceMs)));
  }

  running(): ProcessName[] {
    return [...this.children.entries()].filter(([, list]) => list.length > 0).map(([name]) => name);
  }
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  (child as ChildProcess & { expectedExit?: boolean }).expectedExit = true;
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill(signal);
  });
}

/** Polls the gateway's /api/health until it answers 200 or `timeoutMs` passes. */
export async function waitForHealthy(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (err) {
      last = (err as Error).message;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the stack did not become healthy within ${timeoutMs / 1000} s (last answer: ${last})`);
}

import type { DataSource } from 'typeorm';
import type { Metrics } from './metrics';

/** What pg's Pool tells of itself. */
interface PoolCounts {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

/**
 * The database pool of a TypeORM data source, read when Prometheus scrapes: connections open,
 * idle, and queries waiting for one (a pool too small for the load shows here first).
 */
export function registerPoolMetrics(metrics: Metrics, dataSource: DataSource): void {
  if (!metrics.enabled) return;
  const pool = () => (dataSource.driver as unknown as { master?: PoolCounts }).master;
  metrics.gauge('bakery_db_pool_connections', 'Database connections of the pool, by state (total open, idle, in use)', ['state'], (g) => {
    const p = pool();
    if (!p) return;
    g.set({ state: 'total' }, p.totalCount);
    g.set({ state: 'idle' }, p.idleCount);
    g.set({ state: 'in_use' }, p.totalCount - p.idleCount);
  });
  metrics.gauge('bakery_db_pool_waiting', 'Queries waiting for a database connection', [], (g) => {
    const p = pool();
    if (p) g.set(p.waitingCount);
  });
  metrics.gauge('bakery_db_pool_max', 'Most connections the pool opens', [], (g) => {
    const max = pool()?.options?.max;
    if (max !== undefined) g.set(max);
  });
}

import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AUTH_CONFIG, AuthConfig } from '../auth.config';

/**
 * Fixed-window attempt counters in auth's database (`rate_counters`), shared by every auth
 * instance. `reserve` is the whole check: one statement that counts the attempt and refuses it
 * over the limit, under the row's lock, so N concurrent attempts reserve at most `limit`.
 */
@Injectable()
export class AttemptLimiter {
  private readonly windowMinutes: number;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(AUTH_CONFIG) config: AuthConfig,
  ) {
    this.windowMinutes = config.loginWindowMinutes;
  }

  /** Counts one attempt under `key`; false (and nothing counted) when the window already holds `limit`. */
  async reserve(key: string, limit: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `INSERT INTO rate_counters AS c (key, window_started_at, hits) VALUES ($1, now(), 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN c.window_started_at <= now() - make_interval(mins => $3) THEN 1 ELSE c.hits + 1 END,
         window_started_at = CASE WHEN c.window_started_at <= now() - make_interval(mins => $3) THEN now() ELSE c.window_started_at END
       WHERE c.window_started_at <= now() - make_interval(mins => $3) OR c.hits < $2
       RETURNING c.hits`,
      [key, limit, this.windowMinutes],
    );
    return rows.length > 0;
  }

  /** Whether `key` has used `limit` attempts in its current window (read only). */
  async isOver(key: string, limit: number): Promise<boolean> {
    const [row] = await this.dataSource.query(
      `SELECT hits FROM rate_counters WHERE key = $1 AND window_started_at > now() - make_interval(mins => $2)`,
      [key, this.windowMinutes],
    );
    return row !== undefined && row.hits >= limit;
  }

  /** Gives one reservation back (an attempt that turned out not to count). */
  async release(key: string): Promise<void> {
    await this.dataSource.query('UPDATE rate_counters SET hits = hits - 1 WHERE key = $1 AND hits > 0', [key]);
  }

  /** Forgets every attempt under `key`. */
  async clear(key: string): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_counters WHERE key = $1', [key]);
  }

  /** Drops counters whose window is over. */
  async sweep(): Promise<void> {
    await this.dataSource.query('DELETE FROM rate_counters WHERE window_started_at <= now() - make_interval(mins => $1)', [
      this.windowMinutes,
    ]);
  }
}

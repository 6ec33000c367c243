import { Inject, Injectable } from '@nestjs/common';
import { AppError, IssuedUpload, OBJECT_PATH_PATTERN, UploadMessages, UploadStatus } from '@bakery/contracts';
import { DataSource, EntityManager } from 'typeorm';
import { CATALOG_CONFIG, CatalogConfig } from '../catalog.config';

/** The window of the hourly rates (uploads here, submissions in ProductsService). */
export const RATE_WINDOW = '1 hour';

interface UploadRow {
  id: string;
  owner_id: string | null;
  expires_at: Date;
  registered_at: Date | null;
  expired: boolean;
}

/**
 * The bookkeeping of photo uploads (the bytes stay with the gateways' storage): who was issued
 * which upload id, until when it may be registered, and whether it was. Quota and rate are
 * counted per owner under a transaction-scoped advisory lock, so concurrent requests of one owner
 * queue behind each other and can never pass the limits together.
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  /** A new upload id for `ownerId`, registrable for `ttlSeconds`; 429 past the pending quota or the hourly rate. */
  issue(ownerId: string, ttlSeconds: number): Promise<IssuedUpload> {
    const owner = ownerId.toLowerCase();
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`catalog.uploads:${owner}`]);
      const [{ pending, recent }]: { pending: number; recent: number }[] = await manager.query(
        `SELECT count(*) FILTER (WHERE registered_at IS NULL AND expires_at > now())::int AS pending,
                count(*) FILTER (WHERE issued_at > now() - interval '${RATE_WINDOW}')::int AS recent
           FROM uploads WHERE owner_id = $1`,
        [owner],
      );
      if (pending >= this.config.uploadPendingMax) throw AppError.tooManyRequests(UploadMessages.pendingQuota(this.config.uploadPendingMax));
      if (recent >= this.config.uploadRatePerHour) throw AppError.tooManyRequests(UploadMessages.rate(this.config.uploadRatePerHour));
      const [row]: { id: string; expires_at: Date }[] = await manager.query(
        `INSERT INTO uploads (owner_id, expires_at) VALUES ($1, now() + make_interval(secs => $2)) RETURNING id, expires_at`,
        [owner, ttlSeconds],
      );
      return { id: row.id, expiresAt: row.expires_at.toISOString() };
    });
  }

  /** Whether `ownerId` may register upload `id` now: 404 for an unknown id or someone else's, 403 once expired. */
  async check(id: string, ownerId: string): Promise<UploadStatus> {
    return statusOf(await this.registrable(this.dataSource.manager, id, ownerId, false));
  }

  /** The same checks as `check`, then the upload is registered (once; again is a no-op for its owner). */
  register(id: string, ownerId: string): Promise<UploadStatus> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.registrable(manager, id, ownerId, true);
      if (!row.registered_at) {
        await manager.query('UPDATE uploads SET registered_at = now() WHERE id = $1', [row.id]);
        row.registered_at = new Date();
      }
      return statusOf(row);
    });
  }

  /**
   * A product may only show a registered upload; a customer's submission only one of their own.
   * Refused as a 400 on imageUrl, so it reads like the other field messages.
   */
  async assertRegistered(manager: EntityManager, imageUrl: string, ownerId?: string): Promise<void> {
    const message = ownerId ? UploadMessages.ownImageOnly : UploadMessages.imageNotRegistered;
    const id = OBJECT_PATH_PATTERN.exec(imageUrl)?.[1]?.toLowerCase();
    if (!id) throw AppError.validation({ imageUrl: [message] });
    const [row]: { owner_id: string | null }[] = await manager.query(
      'SELECT owner_id FROM uploads WHERE id = $1 AND registered_at IS NOT NULL',
      [id],
    );
    if (!row || (ownerId && row.owner_id !== ownerId.toLowerCase())) throw AppError.validation({ imageUrl: [message] });
  }

  /**
   * Forgets uploads that were never registered and can no longer be: expired, and issued before
   * the rate window (until then they still count towards the owner's hourly rate). Safe in every
   * instance at once (SKIP LOCKED); answers how many rows went. `now` is for tests.
   */
  async sweep(now: Date = new Date(), batch = 1000): Promise<number> {
    // TypeORM answers a DELETE ... RETURNING on Postgres as [rows, affected]
    const [, deleted]: [unknown[], number] = await this.dataSource.query(
      `DELETE FROM uploads WHERE id IN (
         SELECT id FROM uploads
          WHERE registered_at IS NULL AND expires_at < $1 AND issued_at < $1::timestamptz - interval '${RATE_WINDOW}'
          LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [now, batch],
    );
    return deleted;
  }

  private async registrable(manager: EntityManager, id: string, ownerId: string, lock: boolean): Promise<UploadRow> {
    const [row]: UploadRow[] = await manager.query(
      `SELECT id, owner_id, expires_at, registered_at, expires_at <= now() AS expired FROM uploads WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id.toLowerCase()],
    );
    // someone else's upload reads exactly like one that does not exist
    if (!row || row.owner_id !== ownerId.toLowerCase()) throw AppError.notFound(UploadMessages.notFound);
    if (!row.registered_at && row.expired) throw AppError.forbidden(UploadMessages.expired);
    return row;
  }
}

function statusOf(row: UploadRow): UploadStatus {
  return { id: row.id, registered: row.registered_at !== null, expiresAt: row.expires_at.toISOString() };
}

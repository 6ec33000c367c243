import type { ReservedLine } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * reserved: stock taken for an order that ordering has not confirmed yet (released by the sweeper
 * after its TTL). confirmed: order.placed arrived. released: stock given back (or, for an order
 * released before it was ever reserved, a marker so a late reserve cannot take stock).
 */
export type ReservationStatus = 'reserved' | 'confirmed' | 'released';

/**
 * An adjustment of the order's lines (catalog.stock.adjust): pending until ordering's
 * order.amended confirms it; reverted by the sweeper when that never came within the TTL
 * (ordering failed or died before writing the change); confirmed.
 */
export type AmendmentState = 'pending' | 'confirmed' | 'reverted';

@Entity({ name: 'stock_reservations' })
export class StockReservationEntity {
  @PrimaryColumn({ name: 'order_id', type: 'uuid' })
  orderId: string;

  /** the answer given to reserve, so a repeat answers the same */
  @Column({ type: 'jsonb' })
  lines: ReservedLine[];

  @Column({ type: 'varchar', length: 20 })
  status: ReservationStatus;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt: Date | null;

  @Column({ name: 'released_at', type: 'timestamptz', nullable: true })
  releasedAt: Date | null;

  /** the latest change of the order's lines (catalog.stock.adjust), see AmendmentState */
  @Column({ name: 'amendment_id', type: 'uuid', nullable: true })
  amendmentId: string | null;

  @Column({ name: 'amendment_state', type: 'varchar', length: 20, nullable: true })
  amendmentState: AmendmentState | null;

  /** what the order held before the pending change: put back if it is never confirmed */
  @Column({ name: 'amendment_previous_lines', type: 'jsonb', nullable: true })
  amendmentPreviousLines: ReservedLine[] | null;

  @Column({ name: 'amendment_expires_at', type: 'timestamptz', nullable: true })
  amendmentExpiresAt: Date | null;
}

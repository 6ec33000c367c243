import type { ReservedLine } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * reserved: stock taken for an order that ordering has not confirmed yet (released by the sweeper
 * after its TTL). confirmed: order.placed arrived. released: stock given back (or, for an order
 * released before it was ever reserved, a marker so a late reserve cannot take stock).
 */
export type ReservationStatus = 'reserved' | 'confirmed' | 'released';

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
}

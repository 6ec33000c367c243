import type { DeliveryTimeSlot, OrderStatus } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, OneToMany, PrimaryColumn, UpdateDateColumn } from 'typeorm';
// eslint-disable-next-line import/no-cycle -- TypeORM's two-way relation: each entity names the other lazily (() => X), so loading either first is safe
import { OrderItemRow } from './order-item.entity';

/** A placed order, with a snapshot of the customer as they were when it was placed. */
@Entity({ name: 'orders' })
export class OrderRow {
  @PrimaryColumn({ type: 'uuid' })
  id: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  @Column({ type: 'varchar', length: 32, default: 'pending' })
  status: OrderStatus;

  /** numeric(10,2) columns come back from pg as strings: exactly what the wire carries */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  subtotal: string;

  @Column({ name: 'delivery_fee', type: 'numeric', precision: 10, scale: 2 })
  deliveryFee: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  tax: string;

  @Column({ type: 'numeric', precision: 10, scale: 2 })
  total: string;

  /** the tax rate it was placed at ("0.085000"); null for orders placed before it was kept */
  @Column({ name: 'tax_rate', type: 'numeric', precision: 7, scale: 6, nullable: true })
  taxRate: string | null;

  @Column({ name: 'delivery_date', type: 'date', nullable: true })
  deliveryDate: string | null;

  @Column({ name: 'delivery_time_slot', type: 'varchar', length: 32, nullable: true })
  deliveryTimeSlot: DeliveryTimeSlot | null;

  @Column({ name: 'special_instructions', type: 'text', nullable: true })
  specialInstructions: string | null;

  @Column({ name: 'customer_business_name', type: 'varchar', length: 200, nullable: true })
  customerBusinessName: string | null;

  @Column({ name: 'customer_email', type: 'varchar', length: 254 })
  customerEmail: string;

  @Column({ name: 'customer_phone', type: 'varchar', length: 40, nullable: true })
  customerPhone: string | null;

  /** the standing order this delivery came from (null for a checkout) */
  @Column({ name: 'standing_order_id', type: 'uuid', nullable: true })
  standingOrderId: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 100, nullable: true })
  idempotencyKey: string | null;

  /** hash of what the placement asked for (see requestFingerprint); null for orders from before */
  @Column({ name: 'request_fingerprint', type: 'varchar', length: 64, nullable: true })
  requestFingerprint: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;

  @OneToMany(() => OrderItemRow, (item) => item.order, { cascade: ['insert'] })
  items: OrderItemRow[];
}

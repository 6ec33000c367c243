import type { AlertType } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A product at or below its threshold; a partial unique index allows one open alert per product. */
@Entity({ name: 'inventory_alerts' })
export class InventoryAlertEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ name: 'alert_type', type: 'varchar', length: 20 })
  alertType: AlertType;

  @Column({ type: 'text' })
  message: string;

  @Column({ name: 'is_resolved', type: 'boolean', default: false })
  isResolved: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @Column({ name: 'resolved_at', type: 'timestamptz', nullable: true })
  resolvedAt: Date | null;
}

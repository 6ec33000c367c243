import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique } from 'typeorm';

/**
 * One per placed order, for the admins' badge. The order lives in ordering's database, so there
 * is no foreign key; orders are never deleted, so none is left dangling.
 */
@Entity({ name: 'order_notifications' })
@Unique('order_notifications_order_id_key', ['orderId'])
export class OrderNotification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  @Column({ name: 'is_read', type: 'boolean', default: false })
  isRead: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

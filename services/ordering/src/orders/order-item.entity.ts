import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
// eslint-disable-next-line import/no-cycle -- TypeORM's two-way relation: each entity names the other lazily (() => X), so loading either first is safe
import { OrderRow } from './order.entity';

/** A line of an order: the product's name and unit price as they were when it was placed. */
@Entity({ name: 'order_items' })
export class OrderItemRow {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @ManyToOne(() => OrderRow, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order: OrderRow;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId: string;

  /** the line's place in the cart it came from, so the order reads in the same order */
  @Column({ type: 'smallint' })
  position: number;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ name: 'product_name', type: 'varchar', length: 200 })
  productName: string;

  /** units delivered (0 when none of a standing order's line was available) */
  @Column({ type: 'integer' })
  quantity: number;

  /** units a standing order asked for that were not available (never charged) */
  @Column({ type: 'integer', default: 0 })
  shortfall: number;

  @Column({ name: 'unit_price', type: 'numeric', precision: 10, scale: 2 })
  unitPrice: string;

  @Column({ name: 'total_price', type: 'numeric', precision: 10, scale: 2 })
  totalPrice: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}

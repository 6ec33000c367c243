import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** One product in a customer's cart; adding the same product again adds to this line. */
@Entity({ name: 'cart_items' })
@Unique('cart_items_customer_product_key', ['customerId', 'productId'])
export class CartItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'customer_id', type: 'uuid' })
  customerId: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId: string;

  @Column({ type: 'integer' })
  quantity: number;

  /** the product's price when the line was added or its quantity last changed (null: from before it was kept) */
  @Column({ name: 'unit_price', type: 'numeric', precision: 10, scale: 2, nullable: true })
  unitPrice: string | null;

  /** the placement (its order id) holding this line, while it is being ordered */
  @Column({ name: 'claimed_by', type: 'uuid', nullable: true })
  claimedBy: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', nullable: true })
  claimedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

import type { Category, Product, ReviewStatus } from '@bakery/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ProductFields } from '../domain/products';

@Entity({ name: 'products' })
export class ProductEntity implements ProductFields {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  /** numeric(10,2): the pg driver hands it over as a string ("4.50"), never a float */
  @Column({ type: 'numeric', precision: 10, scale: 2 })
  price: string;

  /** null only while a customer submission waits for an admin (a CHECK keeps approved ones categorized) */
  @Column({ type: 'varchar', length: 20, nullable: true })
  category: Category | null;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl: string | null;

  @Column({ type: 'integer', default: 0 })
  stock: number;

  @Column({ name: 'low_stock_threshold', type: 'integer', default: 10 })
  lowStockThreshold: number;

  @Column({ name: 'reorder_level', type: 'integer', default: 5 })
  reorderLevel: number;

  @Column({ name: 'reorder_quantity', type: 'integer', default: 50 })
  reorderQuantity: number;

  /** days of notice beyond the delivery date's cut-off (libs/contracts/src/delivery-rules.ts) */
  @Column({ name: 'lead_days', type: 'smallint', default: 0 })
  leadDays: number;

  /** units one mix makes, for the bake list's batches; null: not made in batches */
  @Column({ name: 'batch_size', type: 'integer', nullable: true })
  batchSize: number | null;

  @Column({ type: 'varchar', length: 200, nullable: true })
  supplier: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive: boolean;

  @Column({ name: 'review_status', type: 'varchar', length: 20, default: 'approved' })
  reviewStatus: ReviewStatus;

  @Column({ name: 'submitted_by', type: 'uuid', nullable: true })
  submittedBy: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}

export function toProduct(p: ProductEntity): Product {
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    category: p.category,
    imageUrl: p.imageUrl,
    stock: p.stock,
    lowStockThreshold: p.lowStockThreshold,
    reorderLevel: p.reorderLevel,
    reorderQuantity: p.reorderQuantity,
    leadDays: p.leadDays,
    batchSize: p.batchSize,
    supplier: p.supplier,
    isActive: p.isActive,
    reviewStatus: p.reviewStatus,
    submittedBy: p.submittedBy,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

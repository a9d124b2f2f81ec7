import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, moneyColumn } from './columns';
import { OrderEntity } from './order.entity';
import { ProductEntity } from './product.entity';

/**
 * One line of an order as bought: the price the server charged and the product's name, SKU and unit
 * at that time (filled by a trigger when a writer leaves them out: migration 1766100000000). A product that appears in an order cannot
 * be deleted (RESTRICT): it is deactivated instead, so order history stays whole.
 */
@Entity('order_items')
@Check('order_items_quantity_check', '"quantity" > 0')
@Check('order_items_weighed_quantity_check', '"weighed_quantity" IS NULL OR "weighed_quantity" > 0')
@Check('order_items_substitution_check', `"substitution" IN ('similar', 'product', 'none')`)
@Check(
  'order_items_substitute_product_check',
  `("substitution" = 'product') = ("substitute_product_id" IS NOT NULL)`,
)
export class OrderItemEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('order_items_order_id_idx')
  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => OrderEntity, (order) => order.items, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;

  @Index('order_items_product_id_idx')
  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'product_id' })
  product?: ProductEntity;

  /** The product's name, SKU and unit when the order was placed (a rename never rewrites an order). */
  @Column({ name: 'product_name', type: 'varchar', length: 200 })
  productName!: string;

  @Column({ name: 'product_sku', type: 'varchar', length: 64 })
  productSku!: string;

  @Column({ name: 'product_unit', type: 'varchar', length: 40 })
  productUnit!: string;

  @Column({ type: 'integer' })
  quantity!: number;

  @Column(moneyColumn)
  price!: string;

  /** The product's measure as bought (null: pieces); `price` is per its basis (measures.ts). */
  @Column({ name: 'measure_unit', type: 'varchar', length: 4, nullable: true })
  measureUnit!: string | null;

  /** Catch weight as bought: staff record `weighedQuantity` within ± this percent of `quantity`. */
  @Column({ name: 'weight_tolerance', type: 'integer', nullable: true })
  weightTolerance!: number | null;

  /** The weight recorded at picking; the line's total follows it (migration 1766400000000). */
  @Column({ name: 'weighed_quantity', type: 'integer', nullable: true })
  weighedQuantity!: number | null;

  @Column({ name: 'weighed_at', type: 'timestamptz', nullable: true })
  weighedAt!: Date | null;

  /** If it is short at picking: 'similar', 'product' (substituteProductId) or 'none' (migration 1767000000000). */
  @Column({ type: 'varchar', length: 10, default: 'similar' })
  substitution!: string;

  @Column({ name: 'substitute_product_id', type: 'uuid', nullable: true })
  substituteProductId!: string | null;

  /** On a substitute line: the short line it replaces. */
  @Column({ name: 'substitute_for', type: 'uuid', nullable: true })
  substituteFor!: string | null;

  /** Marked short at picking: not delivered, not charged. */
  @Column({ name: 'short_at', type: 'timestamptz', nullable: true })
  shortAt!: Date | null;

  @Column({ name: 'short_by', type: 'uuid', nullable: true })
  shortBy!: string | null;

  @CreatedAt()
  createdAt!: Date;
}

import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { ProductEntity } from './product.entity';
import { OrderEntity } from './order.entity';
import { UserEntity } from './user.entity';

/**
 * The stock ledger: one row per change of a product's stock level, whoever made it (staff, an order
 * placed, an order cancelled, an import). `change` is always `quantity_after - quantity_before`.
 * The row outlives the order and the user it names (SET NULL); it goes with its product, which can
 * only be deleted when it never appeared in an order.
 */
@Entity('stock_movements')
@Check('stock_movements_source_check', `"source" IN ('staff','order','cancellation','import','weighing','goods_in','expiry')`)
@Check('stock_movements_quantities_check', '"quantity_before" >= 0 AND "quantity_after" >= 0')
@Check('stock_movements_change_check', '"change" = "quantity_after" - "quantity_before"')
@Index('stock_movements_product_id_created_at_idx', ['productId', 'createdAt'])
export class StockMovementEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id' })
  product?: ProductEntity;

  @Column({ name: 'quantity_before', type: 'integer' })
  quantityBefore!: number;

  @Column({ name: 'quantity_after', type: 'integer' })
  quantityAfter!: number;

  @Column({ type: 'integer' })
  change!: number;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ type: 'varchar', length: 20 })
  source!: string;

  @Index('stock_movements_order_id_idx')
  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @ManyToOne(() => OrderEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity | null;

  @Index('stock_movements_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity | null;

  /** The lot a goods-in or an expiry was about (migration 1766900000000; no foreign key kept). */
  @Column({ name: 'lot_id', type: 'uuid', nullable: true })
  lotId!: string | null;

  @CreatedAt()
  createdAt!: Date;
}

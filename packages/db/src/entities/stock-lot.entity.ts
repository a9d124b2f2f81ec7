import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { ProductEntity } from './product.entity';
import { UserEntity } from './user.entity';

/**
 * A best-before lot (migration StockLots1766900000000; docs/stock-lots.md): what goods-in received of
 * a product, the quantity left in it, its date (none for goods that do not go off) and who received
 * it. Written only by the api's inventory module (modules/inventory/stock-lots.ts and
 * stock-lots.service.ts). An open lot has no `expiredAt`.
 */
@Entity('stock_lots')
@Check('stock_lots_quantity_check', '"quantity" >= 0')
@Check('stock_lots_received_quantity_check', '"received_quantity" > 0')
@Check('stock_lots_date_kind_check', `"date_kind" IN ('best_before', 'use_by')`)
// Partial indexes (open lots only), which TypeORM's schema diff cannot describe: declared, not synchronized.
@Index('stock_lots_open_idx', { synchronize: false })
@Index('stock_lots_expiring_idx', { synchronize: false })
export class StockLotEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'product_id', type: 'uuid' })
  productId!: string;

  @ManyToOne(() => ProductEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'product_id', foreignKeyConstraintName: 'stock_lots_product_id_fkey' })
  product?: ProductEntity;

  /** What is left in the lot. */
  @Column({ type: 'integer' })
  quantity!: number;

  @Column({ name: 'received_quantity', type: 'integer' })
  receivedQuantity!: number;

  /** YYYY-MM-DD; null for goods that do not go off. */
  @Column({ name: 'expires_on', type: 'date', nullable: true })
  expiresOn!: string | null;

  @Column({ name: 'date_kind', type: 'varchar', length: 12, default: 'best_before' })
  dateKind!: string;

  @Column({ name: 'batch_code', type: 'varchar', length: 64, nullable: true })
  batchCode!: string | null;

  @Column({ type: 'text', nullable: true })
  reason!: string | null;

  @Column({ name: 'received_by', type: 'uuid', nullable: true })
  receivedBy!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'received_by', foreignKeyConstraintName: 'stock_lots_received_by_fkey' })
  receiver?: UserEntity | null;

  @Column({ name: 'received_at', type: 'timestamptz', default: () => 'now()' })
  receivedAt!: Date;

  @Column({ name: 'expired_at', type: 'timestamptz', nullable: true })
  expiredAt!: Date | null;
}

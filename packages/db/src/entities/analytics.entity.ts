import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { intTransformer } from './columns';

/**
 * The analytics rollups (migration AnalyticsRollup1766600000000): kept by triggers on orders,
 * order_items and products, read only by the api's analytics module. Each writing transaction adds
 * to one of eight slots per (day, status), so readers sum the slots.
 */
@Entity('analytics_daily_orders')
export class AnalyticsDailyOrdersEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'analytics_daily_orders_pkey' })
  day!: string;

  @PrimaryColumn({ type: 'varchar', length: 20, primaryKeyConstraintName: 'analytics_daily_orders_pkey' })
  status!: string;

  @PrimaryColumn({ type: 'smallint', primaryKeyConstraintName: 'analytics_daily_orders_pkey' })
  slot!: number;

  @Column({ type: 'integer' })
  orders!: number;

  @Column({ name: 'revenue_cents', type: 'bigint', transformer: intTransformer })
  revenueCents!: number;

  @Column({ type: 'integer' })
  units!: number;
}

/** A product's units and revenue per day, under its current category (the primary key INCLUDEs the sums). */
@Entity('analytics_daily_products')
@Index('analytics_daily_products_product_idx', ['productId'])
export class AnalyticsDailyProductsEntity {
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'analytics_daily_products_pkey' })
  day!: string;

  @PrimaryColumn({
    name: 'product_id',
    type: 'uuid',
    primaryKeyConstraintName: 'analytics_daily_products_pkey',
  })
  productId!: string;

  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId!: string | null;

  @Column({ type: 'integer' })
  units!: number;

  @Column({ name: 'revenue_cents', type: 'bigint', transformer: intTransformer })
  revenueCents!: number;
}

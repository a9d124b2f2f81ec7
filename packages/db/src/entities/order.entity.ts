import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToMany,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { CreatedAt, UpdatedAt, moneyColumn } from './columns';
import { UserEntity } from './user.entity';
import { OrderItemEntity } from './order-item.entity';

/**
 * A placed order. Prices and total are the server's. Of a card only the holder's name and the last
 * four digits are ever stored. `idempotencyKey` + `requestHash` let a retried placement return the
 * first order (unique per user).
 */
@Entity('orders')
@Check('orders_status_check', `"status" IN ('pending','processing','shipped','delivered','cancelled')`)
@Check('orders_payment_method_check', `"payment_method" IN ('card','cash_on_delivery','bank_transfer')`)
@Check('orders_card_last_four_check', `"card_last_four" ~ '^[0-9]{4}$'`)
@Check('orders_total_check', '"total" >= 0')
@Unique('orders_user_idempotency_key', ['userId', 'idempotencyKey'])
@Index('orders_user_id_created_at_idx', ['userId', 'createdAt'])
@Index('orders_status_created_at_idx', ['status', 'createdAt'])
@Index('orders_created_at_idx', ['createdAt'])
// Admin → Analytics' sums over a range, read from the index alone (migration AnalyticsIndexes1766000000001);
// TypeORM cannot describe INCLUDE, so its schema diff leaves it alone.
@Index('orders_created_at_cover_idx', { synchronize: false })
// The order management search's trigram indexes (GIN, migration SearchTrigramIndexes1765400000000);
// `synchronize: false` keeps TypeORM's schema diff, which cannot describe them, from dropping them.
@Index('orders_id_trgm_idx', { synchronize: false })
@Index('orders_user_id_trgm_idx', { synchronize: false })
@Index('orders_shipping_address_trgm_idx', { synchronize: false })
export class OrderEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 20, default: 'pending' })
  status!: string;

  @Column({ name: 'payment_method', type: 'varchar', length: 30, default: 'card' })
  paymentMethod!: string;

  @Column({ name: 'payment_status', type: 'varchar', length: 30, default: 'pending' })
  paymentStatus!: string;

  /** The goods at the prices charged; delivery fee and tax as the settings made them then (issue 19). */
  @Column(moneyColumn)
  subtotal!: string;

  @Column({ ...moneyColumn, name: 'delivery_fee', default: 0 })
  deliveryFee!: string;

  /** Added to the total, or (taxInclusive) the part of the subtotal that was tax. */
  @Column({ ...moneyColumn, default: 0 })
  tax!: string;

  @Column({ name: 'tax_inclusive', type: 'boolean', default: false })
  taxInclusive!: boolean;

  /** The settings' tax rate when placed, so a weighed line's correction taxes at it (null: older orders). */
  @Column({ name: 'tax_rate', type: 'numeric', precision: 5, scale: 2, nullable: true })
  taxRate!: string | null;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency!: string;

  @Column(moneyColumn)
  total!: string;

  @Column({ name: 'shipping_address', type: 'text' })
  shippingAddress!: string;

  @Column({ name: 'estimated_delivery', type: 'timestamptz', nullable: true })
  estimatedDelivery!: Date | null;

  @Column({ type: 'text', nullable: true })
  notes!: string | null;

  /** The delivery slot booked (docs/delivery-slots.md): its template and date, and the window as booked. */
  @Column({ name: 'delivery_slot_template_id', type: 'uuid', nullable: true })
  deliverySlotTemplateId!: string | null;

  @Column({ name: 'delivery_slot_date', type: 'date', nullable: true })
  deliverySlotDate!: string | null;

  @Column({ name: 'delivery_slot_start', type: 'timestamptz', nullable: true })
  deliverySlotStart!: Date | null;

  @Column({ name: 'delivery_slot_end', type: 'timestamptz', nullable: true })
  deliverySlotEnd!: Date | null;

  @Column({ name: 'card_holder_name', type: 'varchar', length: 200, nullable: true })
  cardHolderName!: string | null;

  @Column({ name: 'card_last_four', type: 'varchar', length: 4, nullable: true })
  cardLastFour!: string | null;

  @Column({ name: 'bank_account_number', type: 'varchar', length: 64, nullable: true })
  bankAccountNumber!: string | null;

  @Column({ name: 'bank_name', type: 'varchar', length: 200, nullable: true })
  bankName!: string | null;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 200, nullable: true })
  idempotencyKey!: string | null;

  @Column({ name: 'request_hash', type: 'varchar', length: 64, nullable: true })
  requestHash!: string | null;

  @OneToMany(() => OrderItemEntity, (item) => item.order)
  items?: OrderItemEntity[];

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}

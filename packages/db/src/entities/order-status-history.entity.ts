import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { OrderEntity } from './order.entity';
import { UserEntity } from './user.entity';

/**
 * Every change of an order's status (docs/architecture.md §4): from what, to what, the note given and who made
 * it. Goes with its order; outlives the staff member (SET NULL).
 */
@Entity('order_status_history')
@Check(
  'order_status_history_status_check',
  `"to_status" IN ('pending','processing','shipped','delivered','cancelled') AND ("from_status" IS NULL OR "from_status" IN ('pending','processing','shipped','delivered','cancelled'))`,
)
@Index('order_status_history_order_id_created_at_idx', ['orderId', 'createdAt'])
export class OrderStatusHistoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'order_id', type: 'uuid' })
  orderId!: string;

  @ManyToOne(() => OrderEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_id' })
  order?: OrderEntity;

  /** Null for the row that records the order's creation, if one is written. */
  @Column({ name: 'from_status', type: 'varchar', length: 20, nullable: true })
  fromStatus!: string | null;

  @Column({ name: 'to_status', type: 'varchar', length: 20 })
  toStatus!: string;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  @Index('order_status_history_changed_by_idx')
  @Column({ name: 'changed_by', type: 'uuid', nullable: true })
  changedBy!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'changed_by' })
  changedByUser?: UserEntity | null;

  @CreatedAt()
  createdAt!: Date;
}

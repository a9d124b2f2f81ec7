import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { OrderEntity } from './order.entity';

/**
 * An order email, claimed before it is sent so each (order, kind) goes out once (migration
 * SentEmails1766200000000): by SMTP, or kept in the outbox that Admin → Outbox shows. Written only
 * by the api's mail module.
 */
@Entity('sent_emails')
@Check('sent_emails_transport_check', `"transport" IN ('smtp','outbox')`)
@Unique('sent_emails_order_kind', ['orderId', 'kind'])
@Index('sent_emails_claimed_at_idx', ['claimedAt'])
export class SentEmailEntity {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'PK_sent_emails' })
  id!: string;

  @Column({ name: 'order_id', type: 'uuid', nullable: true })
  orderId!: string | null;

  @ManyToOne(() => OrderEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'order_id', foreignKeyConstraintName: 'sent_emails_order_id_fkey' })
  order?: OrderEntity | null;

  @Column({ type: 'varchar', length: 20 })
  kind!: string;

  @Column({ type: 'varchar', length: 320 })
  recipient!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ type: 'text' })
  html!: string;

  @Column({ type: 'text' })
  text!: string;

  @Column({ type: 'varchar', length: 10 })
  transport!: string;

  @Column({ name: 'message_id', type: 'varchar', length: 300, nullable: true })
  messageId!: string | null;

  @Column({ name: 'claimed_at', type: 'timestamptz', default: () => 'now()' })
  claimedAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}

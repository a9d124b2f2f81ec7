import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The audit log (migration AuditEvents1765750000000, docs/architecture.md §4 "Audit log"): one row per
 * security-relevant event — who acted (their id and their email as it was then), when, from where
 * (client address and user agent), what the event was about and what changed (`details`, never a
 * secret).
 *
 * Append-only: the api only inserts, and a trigger refuses every UPDATE, DELETE and TRUNCATE, in both
 * database modes. So nothing here references another table: a foreign key's ON DELETE SET NULL would
 * be an UPDATE, and the row must outlive the user, role or token it names (the email and label are
 * snapshots for that reason).
 */
@Entity('audit_events')
@Index('audit_events_occurred_at_idx', ['occurredAt'])
@Index('audit_events_action_occurred_at_idx', ['action', 'occurredAt'])
@Index('audit_events_actor_id_occurred_at_idx', ['actorId', 'occurredAt'])
@Index('audit_events_target_idx', ['targetType', 'targetId'])
export class AuditEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** clock_timestamp(), not now(): several events of one transaction keep their order. */
  @Column({ name: 'occurred_at', type: 'timestamptz', default: () => 'clock_timestamp()' })
  occurredAt!: Date;

  @Column({ name: 'actor_id', type: 'uuid', nullable: true })
  actorId!: string | null;

  @Column({ name: 'actor_email', type: 'varchar', length: 320, nullable: true })
  actorEmail!: string | null;

  /** One of @shop/schema's AUDIT_ACTIONS ('user.role_changed'). */
  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ name: 'target_type', type: 'varchar', length: 32, nullable: true })
  targetType!: string | null;

  @Column({ name: 'target_id', type: 'varchar', length: 255, nullable: true })
  targetId!: string | null;

  /** The target as it was named then (an email, a role's name). */
  @Column({ name: 'target_label', type: 'varchar', length: 320, nullable: true })
  targetLabel!: string | null;

  @Column({ type: 'varchar', length: 64, nullable: true })
  ip!: string | null;

  @Column({ name: 'user_agent', type: 'varchar', length: 256, nullable: true })
  userAgent!: string | null;

  /** What changed (`changes`: before and after of the changed fields) and facts about the event. */
  @Column({ type: 'jsonb' })
  details!: Record<string, unknown>;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { UserEntity } from './user.entity';

/**
 * Server-side sessions (@fastify/session's store). Only signed-in visitors get a row.
 *
 * `sid` holds the hex SHA-256 of the session id, never the id itself: a copy of this table hands
 * out no live session (migration HashedSessions1765900000000). `user_id` lets "Sign out everywhere"
 * end every session of one user, and deleting the user deletes them; `last_seen_at` is the idle
 * timeout's clock (docs/architecture.md §4 "Sessions").
 */
@Entity('sessions')
export class SessionEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  sid!: string;

  @Column({ type: 'json' })
  sess!: Record<string, unknown>;

  @Index('sessions_expire_idx')
  @Column({ type: 'timestamp', precision: 6 })
  expire!: Date;

  @Index('sessions_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** UTC wall-clock time of the last request, moved at most once a minute. */
  @Column({ name: 'last_seen_at', type: 'timestamp', precision: 6 })
  lastSeenAt!: Date;
}

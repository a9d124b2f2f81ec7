import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { UserEntity } from './user.entity';

/**
 * A named API token for scripts: it acts as its user, with at most that user's current permissions,
 * narrowed by its scope and permission subset. Only the
 * SHA-256 of the secret is kept (the secret is shown once, at creation); `prefix` is its first
 * characters, so staff can tell tokens apart. Revoked or expired tokens stay as a record of who had
 * access; deleting the user deletes their tokens.
 */
@Entity('api_tokens')
@Check('api_tokens_scope_check', `"scope" IN ('read', 'write')`)
export class ApiTokenEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('api_tokens_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** Hex SHA-256 of the whole token. */
  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  @Column({ name: 'created_by_id', type: 'uuid', nullable: true })
  createdById!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'created_by_id' })
  createdBy?: UserEntity | null;

  /** `read` (queries, read permissions only) or `write` (docs/architecture.md §3 "API tokens"). */
  @Column({ type: 'varchar', length: 5, default: 'write' })
  scope!: 'read' | 'write';

  /** The permission subset the token is limited to; null: its user's, less users and roles administration. */
  @Column({ type: 'text', array: true, nullable: true })
  permissions!: string[] | null;

  /** Required, at most a year after creation. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}

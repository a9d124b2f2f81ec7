import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { UserEntity } from './user.entity';

/**
 * A named API token for scripts: it acts as its user, with that user's current permissions. Only the
 * SHA-256 of the secret is kept (the secret is shown once, at creation); `prefix` is its first
 * characters, so staff can tell tokens apart. Revoked or expired tokens stay as a record of who had
 * access; deleting the user deletes their tokens.
 */
@Entity('api_tokens')
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

  @Column({ name: 'expires_at', type: 'timestamptz', nullable: true })
  expiresAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}

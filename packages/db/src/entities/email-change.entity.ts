import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { UserEntity } from './user.entity';

/**
 * A profile email change waiting for its link to be opened (issue 32; migration
 * EmailChanges1767100000000, docs/security.md "Email changes verified"). The account keeps
 * `users.email` until the owner of the new address opens the link while signed in as this user.
 * Only the SHA-256 of the link's token is kept. A user has at most one open change: a newer one
 * marks the older `replaced_at`; opening the link sets `confirmed_at`. Rows stay, so a link opened
 * again can be told apart from one that never existed.
 */
@Entity('email_changes')
export class EmailChangeEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('email_changes_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  /** The new address, in lower case, as the user typed it. */
  @Column({ name: 'new_email', type: 'varchar', length: 320 })
  newEmail!: string;

  /** Hex SHA-256 of the link's token. */
  @Column({ name: 'token_hash', type: 'char', length: 64, unique: true })
  tokenHash!: string;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'replaced_at', type: 'timestamptz', nullable: true })
  replacedAt!: Date | null;

  @CreatedAt()
  createdAt!: Date;
}

import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, EditVersion, UpdatedAt } from './columns';
import { RoleEntity } from './role.entity';

/**
 * A person who signed in (or whom an admin created before their first sign-in). `role` is one of
 * the built-in roles; `roleId` optionally links a custom role whose groups then decide access.
 * `authIssuer` + `authSubject` are who the user is at sign-in: the provider's issuer and its `sub`
 * (one provider per account; docs/architecture.md §3). Never shown to anybody. A row linked before
 * issuers were recorded has a subject and no issuer until its next sign-in.
 */
@Entity('users')
@Index('users_created_at_idx', ['createdAt'])
@Index('users_auth_identity_key', ['authIssuer', 'authSubject'], { unique: true })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('users_email_key', { unique: true })
  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 100, nullable: true })
  lastName!: string | null;

  @Column({ type: 'varchar', length: 40, nullable: true })
  phone!: string | null;

  @Column({ name: 'profile_image_url', type: 'text', nullable: true })
  profileImageUrl!: string | null;

  @Column({ name: 'role_id', type: 'text', nullable: true })
  roleId!: string | null;

  @ManyToOne(() => RoleEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'role_id' })
  customRole?: RoleEntity | null;

  @Column({ type: 'varchar', length: 50, default: 'customer' })
  role!: string;

  @Column({ name: 'auth_issuer', type: 'varchar', length: 2048, nullable: true })
  authIssuer!: string | null;

  @Column({ name: 'auth_subject', type: 'varchar', length: 255, nullable: true })
  authSubject!: string | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

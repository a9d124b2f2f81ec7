import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, EditVersion, UpdatedAt } from './columns';
import { RoleEntity } from './role.entity';

/**
 * A person who signed in (or whom an admin created before their first sign-in). `role` is one of
 * the built-in roles; `roleId` optionally links a custom role whose groups then decide access.
 * `authSubject` is the identity provider's `sub`: never shown to anybody.
 */
@Entity('users')
@Index('users_created_at_idx', ['createdAt'])
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

  @Index('users_auth_subject_key', { unique: true })
  @Column({ name: 'auth_subject', type: 'varchar', length: 255, nullable: true })
  authSubject!: string | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

import { Column, Entity, PrimaryColumn } from 'typeorm';
import { CreatedAt, EditVersion, UpdatedAt } from './columns';

/** A role: the four built-in ones (named as users.role values) and any an admin creates. */
@Entity('roles')
export class RoleEntity {
  /**
   * A uuid kept as text (docs/product.md §3). Written as PostgreSQL reads the migration's default back
   * (`(gen_random_uuid())::text`, less the cast TypeORM strips), else TypeORM sees a schema diff.
   */
  @PrimaryColumn({ type: 'text', default: () => '(gen_random_uuid())' })
  id!: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

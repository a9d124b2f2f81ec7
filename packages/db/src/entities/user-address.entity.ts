import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, UpdatedAt } from './columns';
import { UserEntity } from './user.entity';

/** A saved delivery address. At most one per user is the default (a partial unique index). */
@Entity('user_addresses')
@Index('user_addresses_one_default_idx', ['userId'], { unique: true, where: '"is_default"' })
export class UserAddressEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('user_addresses_user_id_idx')
  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @ManyToOne(() => UserEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserEntity;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'varchar', length: 255 })
  street!: string;

  @Column({ type: 'varchar', length: 100 })
  city!: string;

  @Column({ type: 'varchar', length: 100 })
  state!: string;

  @Column({ name: 'zip_code', type: 'varchar', length: 20 })
  zipCode!: string;

  @Column({ type: 'varchar', length: 100, default: 'US' })
  country!: string;

  @Column({ name: 'is_default', type: 'boolean', default: false })
  isDefault!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;
}

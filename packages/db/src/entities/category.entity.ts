import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, EditVersion, UpdatedAt } from './columns';

/**
 * A category of the catalogue. Shoppers see the active ones, by `position` then name (migration
 * CategoryAdmin1766000000000); staff see them all in Admin → Categories.
 */
@Entity('categories')
@Index('categories_position_name_idx', ['position', 'name'])
export class CategoryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100, unique: true })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Under the picture rule (packages/schema picture-rule.ts), like a product's image. */
  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl!: string | null;

  @Column({ type: 'integer', default: 0 })
  position!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

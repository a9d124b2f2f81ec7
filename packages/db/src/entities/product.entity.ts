import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { CreatedAt, EditVersion, UpdatedAt, moneyColumn } from './columns';
import { CategoryEntity } from './category.entity';

/**
 * A product of the catalogue. Stock can never go below 0: the database refuses it
 * (`products_stock_check`), whatever the code above does.
 */
@Entity('products')
@Check('products_stock_check', '"stock" >= 0')
@Check('products_price_check', '"price" >= 0')
@Check('products_low_stock_threshold_check', '"low_stock_threshold" >= 0')
// The listing's order (name, id), alone and within a category (migration ListingIndexes1764500000000).
@Index('products_name_id_idx', ['name', 'id'])
@Index('products_category_id_name_id_idx', ['categoryId', 'name', 'id'])
// The active products alone, for the storefront's counts (migration ActiveProductsIndex1765500000000).
@Index('products_active_category_id_idx', ['categoryId'], { where: '"is_active"' })
// The search's trigram indexes (GIN, migration SearchTrigramIndexes1765400000000). TypeORM cannot
// describe an operator class; `synchronize: false` keeps its schema diff from dropping them.
@Index('products_name_trgm_idx', { synchronize: false })
@Index('products_description_trgm_idx', { synchronize: false })
@Index('products_sku_trgm_idx', { synchronize: false })
// The food facts filters' GIN indexes (migration FoodFacts1766300000000).
@Index('products_dietary_labels_idx', { synchronize: false })
@Index('products_allergens_idx', { synchronize: false })
export class ProductEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  /** Decimal string with 2 places, e.g. '4.99'. */
  @Column(moneyColumn)
  price!: string;

  @Column({ type: 'varchar', length: 40 })
  unit!: string;

  @Index('products_category_id_idx')
  @Column({ name: 'category_id', type: 'uuid', nullable: true })
  categoryId!: string | null;

  @ManyToOne(() => CategoryEntity, { onDelete: 'SET NULL', nullable: true })
  @JoinColumn({ name: 'category_id' })
  category?: CategoryEntity | null;

  @Column({ type: 'integer', default: 0 })
  stock!: number;

  @Column({ name: 'image_url', type: 'text', nullable: true })
  imageUrl!: string | null;

  /** Allergens it contains (packages/schema food-facts-terms.ts ALLERGENS), in that list's order. */
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  allergens!: string[];

  /** Allergens it may contain (traces): kept apart from what it contains. */
  @Column({ name: 'may_contain', type: 'text', array: true, default: () => "'{}'" })
  mayContain!: string[];

  /** Dietary labels (DIETARY_LABELS): 'organic' and 'gluten-free' were is_organic and is_gluten_free. */
  @Column({ name: 'dietary_labels', type: 'text', array: true, default: () => "'{}'" })
  dietaryLabels!: string[];

  @Column({ type: 'text', nullable: true })
  ingredients!: string | null;

  /** The nutrition declaration per 100 g or 100 ml (packages/schema food-facts.ts `Nutrition`). */
  @Column({ type: 'jsonb', nullable: true })
  nutrition!: Record<string, unknown> | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  origin!: string | null;

  /** Storage instructions. */
  @Column({ type: 'text', nullable: true })
  storage!: string | null;

  @Column({ type: 'varchar', length: 64, unique: true })
  sku!: string;

  @Column({ name: 'low_stock_threshold', type: 'integer', default: 10 })
  lowStockThreshold!: number;

  @Column({ name: 'is_active', type: 'boolean', default: true })
  isActive!: boolean;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

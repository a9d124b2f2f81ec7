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
// Sold by the piece or by measure (migration SoldByMeasure1766400000000, packages/schema measures.ts).
@Check(
  'products_measure_check',
  `("sold_by" = 'piece' AND "measure_unit" IS NULL AND "weight_tolerance" IS NULL) OR ("sold_by" = 'measure' AND "measure_unit" IN ('kg','g','L','ml'))`,
)
@Check(
  'products_quantity_limits_check',
  '"quantity_step" > 0 AND "min_quantity" >= "quantity_step" AND "max_quantity" >= "min_quantity"',
)
@Check(
  'products_net_content_check',
  `("net_content" IS NULL AND "net_content_unit" IS NULL) OR ("net_content" > 0 AND "net_content_unit" IN ('g','ml'))`,
)
@Check(
  'products_weight_tolerance_check',
  '"weight_tolerance" IS NULL OR ("weight_tolerance" >= 1 AND "weight_tolerance" <= 50)',
)
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

  /**
   * Bit i set when it contains or may contain ALLERGENS[i]; `labelBits`: bit i when it carries
   * DIETARY_LABELS[i]. Kept by a trigger from the arrays (migration FoodFactsBits1766800000000),
   * never written by the app: the storefront's "free from" filter and counts read them.
   */
  @Column({ name: 'allergen_bits', type: 'integer', default: 0, insert: false, update: false, select: false })
  allergenBits!: number;

  @Column({ name: 'label_bits', type: 'integer', default: 0, insert: false, update: false, select: false })
  labelBits!: number;

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

  /** 'piece' or 'measure'; stock, threshold and quantities are in the base unit (pieces, g, ml). */
  @Column({ name: 'sold_by', type: 'varchar', length: 10, default: 'piece' })
  soldBy!: string;

  /** kg, g, L or ml when sold by measure: what quantities are shown in and the price is per. */
  @Column({ name: 'measure_unit', type: 'varchar', length: 4, nullable: true })
  measureUnit!: string | null;

  @Column({ name: 'quantity_step', type: 'integer', default: 1 })
  quantityStep!: number;

  @Column({ name: 'min_quantity', type: 'integer', default: 1 })
  minQuantity!: number;

  @Column({ name: 'max_quantity', type: 'integer', default: 1000 })
  maxQuantity!: number;

  /** A pack's net content (250 g of coffee), for its unit price. */
  @Column({ name: 'net_content', type: 'integer', nullable: true })
  netContent!: number | null;

  @Column({ name: 'net_content_unit', type: 'varchar', length: 4, nullable: true })
  netContentUnit!: string | null;

  /** Catch weight: ± percent between ordered and weighed; null = not weighed at picking. */
  @Column({ name: 'weight_tolerance', type: 'integer', nullable: true })
  weightTolerance!: number | null;

  @CreatedAt()
  createdAt!: Date;

  @UpdatedAt()
  updatedAt!: Date;

  @EditVersion()
  version!: number;
}

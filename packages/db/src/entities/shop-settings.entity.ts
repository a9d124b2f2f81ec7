import { Check, Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { moneyColumn } from './columns';
import { UserEntity } from './user.entity';

/**
 * The shop's settings: exactly one row (id 1), created by migration ShopSettings1766110000000 with
 * the defaults that reproduce docs/product.md. `version` guards admins' edits against lost updates.
 */
@Entity('shop_settings')
@Check('shop_settings_default_substitution_check', `"default_substitution" IN ('similar', 'none')`)
@Check('shop_settings_single_row', '"id" = 1')
@Check(
  'shop_settings_amounts_check',
  `"delivery_fee" >= 0 AND "minimum_order" >= 0
           AND ("free_delivery_threshold" IS NULL OR "free_delivery_threshold" >= 0)
           AND "tax_rate" >= 0 AND "tax_rate" <= 100`,
)
export class ShopSettingsEntity {
  @PrimaryColumn({ type: 'smallint', default: 1 })
  id!: number;

  @Column({ name: 'shop_name', type: 'varchar', length: 100, default: 'FreshCart' })
  shopName!: string;

  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency!: string;

  @Column({ ...moneyColumn, name: 'delivery_fee', default: 0 })
  deliveryFee!: string;

  @Column({ ...moneyColumn, name: 'free_delivery_threshold', nullable: true })
  freeDeliveryThreshold!: string | null;

  @Column({ name: 'tax_rate', type: 'numeric', precision: 5, scale: 2, default: 0 })
  taxRate!: string;

  @Column({ name: 'tax_inclusive', type: 'boolean', default: false })
  taxInclusive!: boolean;

  @Column({ ...moneyColumn, name: 'minimum_order', default: 0 })
  minimumOrder!: string;

  /** What a line short at picking gets when the shopper did not say (migration 1767000000000). */
  @Column({ name: 'default_substitution', type: 'varchar', length: 10, default: 'similar' })
  defaultSubstitution!: string;

  @Column({ type: 'integer', default: 1 })
  version!: number;

  @Column({ name: 'updated_by', type: 'uuid', nullable: true })
  updatedBy!: string | null;

  @ManyToOne(() => UserEntity, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'updated_by' })
  updatedByUser?: UserEntity;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

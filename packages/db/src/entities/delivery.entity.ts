import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryColumn,
  PrimaryGeneratedColumn,
  Unique,
} from 'typeorm';
import { moneyColumn } from './columns';

/**
 * Delivery slots (migration DeliverySlots1766700000000; docs/delivery-slots.md): zones by postal
 * prefix, each zone's weekly slot templates, and the dated slots orders book a place in. Written
 * only by the api's delivery module (and its part of the orders' one write statement).
 */
@Entity('delivery_zones')
@Unique('delivery_zones_name_key', ['name'])
export class DeliveryZoneEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'postal_prefixes', type: 'text', array: true, default: () => "'{}'" })
  postalPrefixes!: string[];

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt!: Date;
}

/** A zone's weekly slot: a weekday, a window, how many orders it takes, the cut-off and its fee. */
@Entity('delivery_slot_templates')
@Check('delivery_slot_templates_weekday_check', '"weekday" BETWEEN 0 AND 6')
@Check('delivery_slot_templates_window_check', '"end_time" > "start_time"')
@Check('delivery_slot_templates_capacity_check', '"capacity" >= 0')
@Check('delivery_slot_templates_cutoff_check', '"cutoff_hours" >= 0')
@Check('delivery_slot_templates_fee_check', '"delivery_fee" IS NULL OR "delivery_fee" >= 0')
@Index('delivery_slot_templates_zone_idx', ['zoneId', 'weekday'])
export class DeliverySlotTemplateEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'zone_id', type: 'uuid' })
  zoneId!: string;

  @ManyToOne(() => DeliveryZoneEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'zone_id', foreignKeyConstraintName: 'delivery_slot_templates_zone_id_fkey' })
  zone?: DeliveryZoneEntity;

  /** 0 = Sunday … 6 = Saturday. */
  @Column({ type: 'smallint' })
  weekday!: number;

  @Column({ name: 'start_time', type: 'time' })
  startTime!: string;

  @Column({ name: 'end_time', type: 'time' })
  endTime!: string;

  @Column({ type: 'integer' })
  capacity!: number;

  @Column({ name: 'cutoff_hours', type: 'integer', default: 0 })
  cutoffHours!: number;

  @Column({ name: 'delivery_fee', ...moneyColumn, nullable: true })
  deliveryFee!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt!: Date;
}

/** A template's slot on one date: the places booked, and whether staff blocked it. */
@Entity('delivery_slots')
@Check('delivery_slots_booked_check', '"booked" >= 0')
@Index('delivery_slots_date_idx', ['slotDate'])
export class DeliverySlotEntity {
  @PrimaryColumn({ name: 'template_id', type: 'uuid', primaryKeyConstraintName: 'delivery_slots_pkey' })
  templateId!: string;

  @PrimaryColumn({ name: 'slot_date', type: 'date', primaryKeyConstraintName: 'delivery_slots_pkey' })
  slotDate!: string;

  @ManyToOne(() => DeliverySlotTemplateEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'template_id', foreignKeyConstraintName: 'delivery_slots_template_id_fkey' })
  template?: DeliverySlotTemplateEntity;

  @Column({ type: 'integer', default: 0 })
  booked!: number;

  @Column({ type: 'boolean', default: false })
  blocked!: boolean;
}

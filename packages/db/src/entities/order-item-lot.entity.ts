import { Check, Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { OrderItemEntity } from './order-item.entity';
import { StockLotEntity } from './stock-lot.entity';

/**
 * Where an order line's quantity came from, lot by lot (first expiry first out; migration
 * StockLots1766900000000). The part of a line no lot covered came from undated stock and has no row.
 * Written only by the api's inventory module.
 */
@Entity('order_item_lots')
@Check('order_item_lots_quantity_check', '"quantity" > 0')
@Index('order_item_lots_lot_idx', ['lotId'])
export class OrderItemLotEntity {
  @PrimaryColumn({ name: 'order_item_id', type: 'uuid', primaryKeyConstraintName: 'order_item_lots_pkey' })
  orderItemId!: string;

  @PrimaryColumn({ name: 'lot_id', type: 'uuid', primaryKeyConstraintName: 'order_item_lots_pkey' })
  lotId!: string;

  @ManyToOne(() => OrderItemEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'order_item_id', foreignKeyConstraintName: 'order_item_lots_order_item_id_fkey' })
  orderItem?: OrderItemEntity;

  @ManyToOne(() => StockLotEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'lot_id', foreignKeyConstraintName: 'order_item_lots_lot_id_fkey' })
  lot?: StockLotEntity;

  @Column({ type: 'integer' })
  quantity!: number;
}

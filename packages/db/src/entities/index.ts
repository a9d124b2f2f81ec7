import { UserEntity } from './user.entity';
import { UserAddressEntity } from './user-address.entity';
import { CategoryEntity } from './category.entity';
import { ProductEntity } from './product.entity';
import { OrderEntity } from './order.entity';
import { OrderItemEntity } from './order-item.entity';
import { RoleEntity } from './role.entity';
import { PermissionEntity } from './permission.entity';
import { PermissionGroupEntity } from './permission-group.entity';
import {
  PermissionGroupPermissionEntity,
  RolePermissionEntity,
  RolePermissionGroupEntity,
} from './links.entity';
import { SessionEntity } from './session.entity';
import { StockMovementEntity } from './stock-movement.entity';
import { OrderStatusHistoryEntity } from './order-status-history.entity';
import { ApiTokenEntity } from './api-token.entity';
import { AuditEventEntity } from './audit-event.entity';
import { ShopSettingsEntity } from './shop-settings.entity';
import { StockLotEntity } from './stock-lot.entity';
import { OrderItemLotEntity } from './order-item-lot.entity';
import { SentEmailEntity } from './sent-email.entity';
import { DeliveryZoneEntity, DeliverySlotTemplateEntity, DeliverySlotEntity } from './delivery.entity';
import { AnalyticsDailyOrdersEntity, AnalyticsDailyProductsEntity } from './analytics.entity';
import { EmailChangeEntity } from './email-change.entity';

export {
  UserEntity,
  UserAddressEntity,
  CategoryEntity,
  ProductEntity,
  OrderEntity,
  OrderItemEntity,
  RoleEntity,
  PermissionEntity,
  PermissionGroupEntity,
  PermissionGroupPermissionEntity,
  RolePermissionEntity,
  RolePermissionGroupEntity,
  SessionEntity,
  StockMovementEntity,
  OrderStatusHistoryEntity,
  ApiTokenEntity,
  AuditEventEntity,
  ShopSettingsEntity,
  StockLotEntity,
  OrderItemLotEntity,
  SentEmailEntity,
  DeliveryZoneEntity,
  DeliverySlotTemplateEntity,
  DeliverySlotEntity,
  AnalyticsDailyOrdersEntity,
  AnalyticsDailyProductsEntity,
  EmailChangeEntity,
};

/** Every entity, for the DataSource. */
export const entities = [
  UserEntity,
  UserAddressEntity,
  CategoryEntity,
  ProductEntity,
  OrderEntity,
  OrderItemEntity,
  RoleEntity,
  PermissionEntity,
  PermissionGroupEntity,
  PermissionGroupPermissionEntity,
  RolePermissionEntity,
  RolePermissionGroupEntity,
  SessionEntity,
  StockMovementEntity,
  OrderStatusHistoryEntity,
  ApiTokenEntity,
  AuditEventEntity,
  ShopSettingsEntity,
  StockLotEntity,
  OrderItemLotEntity,
  SentEmailEntity,
  DeliveryZoneEntity,
  DeliverySlotTemplateEntity,
  DeliverySlotEntity,
  AnalyticsDailyOrdersEntity,
  AnalyticsDailyProductsEntity,
  EmailChangeEntity,
];

/** The three link tables of the permission model (composite keys, cascading with both ends). */
import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import { CreatedAt } from './columns';
import { RoleEntity } from './role.entity';
import { PermissionEntity } from './permission.entity';
import { PermissionGroupEntity } from './permission-group.entity';

@Entity('role_permission_groups')
export class RolePermissionGroupEntity {
  @PrimaryColumn({ name: 'role_id', type: 'text' })
  roleId!: string;

  @Index('role_permission_groups_group_id_idx')
  @PrimaryColumn({ name: 'permission_group_id', type: 'uuid' })
  permissionGroupId!: string;

  @ManyToOne(() => RoleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: RoleEntity;

  @ManyToOne(() => PermissionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permission_group_id' })
  permissionGroup?: PermissionGroupEntity;

  @CreatedAt()
  createdAt!: Date;
}

@Entity('permission_group_permissions')
export class PermissionGroupPermissionEntity {
  @PrimaryColumn({ name: 'permission_group_id', type: 'uuid' })
  permissionGroupId!: string;

  @Index('permission_group_permissions_permission_id_idx')
  @PrimaryColumn({ name: 'permission_id', type: 'uuid' })
  permissionId!: string;

  @ManyToOne(() => PermissionGroupEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permission_group_id' })
  permissionGroup?: PermissionGroupEntity;

  @ManyToOne(() => PermissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permission_id' })
  permission?: PermissionEntity;
}

@Entity('role_permissions')
export class RolePermissionEntity {
  @PrimaryColumn({ name: 'role_id', type: 'text' })
  roleId!: string;

  @Index('role_permissions_permission_id_idx')
  @PrimaryColumn({ name: 'permission_id', type: 'uuid' })
  permissionId!: string;

  @Column({ type: 'boolean', default: true })
  granted!: boolean;

  @ManyToOne(() => RoleEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'role_id' })
  role?: RoleEntity;

  @ManyToOne(() => PermissionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'permission_id' })
  permission?: PermissionEntity;
}

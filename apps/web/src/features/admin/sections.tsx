/**
 * The panel's sidebar sections (docs/product.md §2 Admin panel). Overview and Products live in the panel
 * itself (`/admin?section=…`); Inventory, Orders and Picking are their own screens; Users, Permissions, API
 * Tokens, the Audit Log and the Outbox have their own routes; the rest are not built yet.
 */
import type { ReactNode } from 'react';
import {
  IconBox,
  IconBuildingWarehouse,
  IconCategory,
  IconKey,
  IconChartBar,
  IconHistory,
  IconLayoutDashboard,
  IconListCheck,
  IconMail,
  IconReceipt,
  IconSettings,
  IconTruckDelivery,
  IconShieldLock,
  IconUsers,
} from '@tabler/icons-react';
import type { Permission } from '@shop/schema';
import { paths } from '../../paths';

export type PanelSectionId = 'overview' | 'products' | 'categories' | 'analytics' | 'settings';
export type SectionId =
  | PanelSectionId
  | 'inventory'
  | 'orders'
  | 'picking'
  | 'users'
  | 'permissions'
  | 'api-tokens'
  | 'audit-log'
  | 'outbox'
  | 'delivery';

export interface AdminSection {
  id: SectionId;
  label: string;
  icon: ReactNode;
  /** Where the sidebar item goes. */
  to: string;
  /** Who sees it (the panel offers only what the role may reach). */
  permission: Permission;
}

const panel = (section: PanelSectionId) =>
  section === 'overview' ? paths.admin : `${paths.admin}?section=${section}`;

export const ADMIN_SECTIONS: AdminSection[] = [
  {
    id: 'overview',
    label: 'Overview',
    icon: <IconLayoutDashboard size={18} />,
    to: panel('overview'),
    permission: 'admin:access',
  },
  {
    id: 'products',
    label: 'Products',
    icon: <IconBox size={18} />,
    to: panel('products'),
    permission: 'products:read_all',
  },
  {
    id: 'categories',
    label: 'Categories',
    icon: <IconCategory size={18} />,
    to: panel('categories'),
    permission: 'categories:read',
  },
  {
    id: 'inventory',
    label: 'Inventory',
    icon: <IconBuildingWarehouse size={18} />,
    to: paths.adminInventory,
    permission: 'inventory:read',
  },
  {
    id: 'orders',
    label: 'Orders',
    icon: <IconReceipt size={18} />,
    to: paths.adminOrders,
    permission: 'orders:read_all',
  },
  {
    id: 'picking',
    label: 'Picking',
    icon: <IconListCheck size={18} />,
    to: paths.adminPicking,
    permission: 'orders:read_all',
  },
  {
    id: 'users',
    label: 'Users',
    icon: <IconUsers size={18} />,
    to: paths.adminUsers,
    permission: 'users:read',
  },
  {
    id: 'permissions',
    label: 'Permissions',
    icon: <IconShieldLock size={18} />,
    to: paths.adminPermissions,
    permission: 'roles:read',
  },
  {
    id: 'api-tokens',
    label: 'API Tokens',
    icon: <IconKey size={18} />,
    to: paths.adminApiTokens,
    permission: 'api_tokens:manage',
  },
  {
    id: 'audit-log',
    label: 'Audit Log',
    icon: <IconHistory size={18} />,
    to: paths.adminAuditLog,
    permission: 'audit:read',
  },
  {
    id: 'outbox',
    label: 'Outbox',
    icon: <IconMail size={18} />,
    to: paths.adminOutbox,
    permission: 'orders:read_all',
  },
  {
    id: 'delivery',
    label: 'Delivery',
    icon: <IconTruckDelivery size={18} />,
    to: paths.adminDelivery,
    permission: 'orders:read_all',
  },
  {
    id: 'analytics',
    label: 'Analytics',
    icon: <IconChartBar size={18} />,
    to: panel('analytics'),
    permission: 'analytics:read',
  },
  {
    id: 'settings',
    label: 'Settings',
    icon: <IconSettings size={18} />,
    to: panel('settings'),
    permission: 'settings:update',
  },
];

export const PANEL_SECTIONS: PanelSectionId[] = [
  'overview',
  'products',
  'categories',
  'analytics',
  'settings',
];

export function sectionById(id: SectionId): AdminSection {
  return ADMIN_SECTIONS.find((section) => section.id === id)!;
}

/** Which sidebar item the current location is. */
export function activeSection(pathname: string, search: string): SectionId {
  const rest = pathname.replace(/\/+$/, '').slice(paths.admin.length);
  if (rest.startsWith('/inventory')) return 'inventory';
  if (rest.startsWith('/orders')) return 'orders';
  if (rest.startsWith('/picking')) return 'picking';
  if (rest.startsWith('/users')) return 'users';
  if (rest.startsWith('/permissions')) return 'permissions';
  if (rest.startsWith('/api-tokens')) return 'api-tokens';
  if (rest.startsWith('/audit-log')) return 'audit-log';
  if (rest.startsWith('/outbox')) return 'outbox';
  if (rest.startsWith('/delivery')) return 'delivery';
  const section = new URLSearchParams(search).get('section');
  return PANEL_SECTIONS.includes(section as PanelSectionId) ? (section as PanelSectionId) : 'overview';
}

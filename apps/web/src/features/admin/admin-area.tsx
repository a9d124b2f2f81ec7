/**
 * The admin area's route table: its own chunk, loaded lazily by admin-routes.tsx only once the
 * route guard lets a staff member in, so shoppers never download it. It draws each feature's staff
 * screen (features/<name>/routes/) inside the admin shell's layout. Screens beyond the panel have their own guard
 * (docs/product.md §6): a role that may not see one gets 'Access Denied' and is sent back to /admin.
 */
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { Permission } from '@shop/schema';
import { AdminLayout } from './components/admin-layout';
import { PermissionGuard } from '../auth';
import { paths } from '../../paths';
import { NotFoundPage } from '../../components/not-found.page';
import { AdminPanelPage } from './routes/admin-panel.page';
import { InventoryPage } from '../inventory/routes/inventory.page';
import { AdminOrdersPage } from '../orders/routes/admin-orders.page';
import { UsersPage } from '../users/routes/users.page';
import { UserCreatePage } from '../users/routes/user-create.page';
import { UserEditPage } from '../users/routes/user-edit.page';
import { PermissionsPage } from '../roles/routes/permissions.page';
import { ApiTokensPage } from '../api-tokens/routes/api-tokens.page';
import { AuditLogPage } from '../audit/routes/audit-log.page';
import { OutboxPage } from '../outbox/routes/outbox.page';
import { DeliveryPage } from '../delivery/routes/delivery.page';
import { PickingPage } from '../picking/routes/picking.page';

/** Guarded by permission (custom roles included): denied staff go back to /admin, shoppers to /dashboard. */
const guarded = (permission: Permission, page: ReactNode) => (
  <PermissionGuard permission={permission} redirectTo={paths.admin} customerRedirect={paths.dashboard}>
    {page}
  </PermissionGuard>
);

export default function AdminArea() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<AdminPanelPage />} />
        <Route path="inventory" element={guarded('inventory:read', <InventoryPage />)} />
        <Route path="orders" element={guarded('orders:read_all', <AdminOrdersPage />)} />
        <Route path="picking" element={guarded('orders:read_all', <PickingPage />)} />
        <Route path="users">
          <Route index element={guarded('users:read', <UsersPage />)} />
          <Route path="create" element={guarded('users:create', <UserCreatePage />)} />
          <Route path=":id/edit" element={guarded('users:update', <UserEditPage />)} />
        </Route>
        <Route path="permissions" element={guarded('roles:read', <PermissionsPage />)} />
        <Route path="api-tokens" element={guarded('api_tokens:manage', <ApiTokensPage />)} />
        <Route path="audit-log" element={guarded('audit:read', <AuditLogPage />)} />
        <Route path="outbox" element={guarded('orders:read_all', <OutboxPage />)} />
        <Route path="delivery" element={guarded('orders:read_all', <DeliveryPage />)} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

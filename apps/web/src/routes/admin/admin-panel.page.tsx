/**
 * /admin (docs/product.md §2 Admin panel): the Overview and Products sections, and 'Coming Soon' for the
 * sections not built yet. The section is in the URL (`?section=products`) so it can be linked.
 */
import { useLocation } from 'react-router-dom';
import { AccessDenied } from '../../features/auth/access-denied';
import { useAccess } from '../../features/roles/api/use-access';
import { activeSection, sectionById } from '../../features/admin/sections';
import { AdminPageHeader } from '../../features/admin/components/admin-page-header';
import { OverviewSection } from '../../features/admin/components/overview-section';
import { ProductsSection } from '../../features/admin/components/products-section';
import { ComingSoon } from '../../features/admin/components/coming-soon';
import { SettingsSection } from '../../features/settings/components/settings-section';

const DESCRIPTIONS: Partial<Record<string, string>> = {
  overview: 'How the shop is doing at a glance',
  products: 'Add, edit and remove products',
  settings: 'Shop name, currency, delivery fee, tax and minimum order',
};

export function AdminPanelPage() {
  const location = useLocation();
  const section = sectionById(activeSection(location.pathname, location.search));
  const access = useAccess();
  const allowed = access.can(section.permission);

  return (
    <>
      <AdminPageHeader
        title={section.id === 'overview' ? 'Admin Panel' : section.label}
        description={DESCRIPTIONS[section.id]}
        catalogueTransfer
      />
      {!allowed ? (
        <AccessDenied role={access.roleName} />
      ) : section.id === 'overview' ? (
        <OverviewSection />
      ) : section.id === 'products' ? (
        <ProductsSection />
      ) : section.id === 'settings' ? (
        <SettingsSection />
      ) : (
        <ComingSoon section={section.label} />
      )}
    </>
  );
}

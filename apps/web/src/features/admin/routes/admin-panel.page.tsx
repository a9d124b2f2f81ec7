/**
 * /admin (docs/product.md §2 Admin panel): the Overview, Products, Categories and Analytics sections, and
 * 'Coming Soon' for the sections not built yet. The section is in the URL (`?section=products`) so it can be linked.
 */
import { lazy, Suspense } from 'react';
import { Loader, Center } from '@mantine/core';
import { useLocation } from 'react-router-dom';
import { AccessDenied, useAccess } from '../../auth';
import { activeSection, sectionById } from '../sections';
import { CatalogueTransferButtons } from '../../catalogue-transfer';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { OverviewSection } from '../../dashboard/routes/overview-section';
import { ProductsSection } from '../../catalogue/routes/products-section';
import { CategoriesSection } from '../../catalogue/routes/categories-section';
import { ComingSoon } from '../components/coming-soon';
import { SettingsSection } from '../../settings/routes/settings-section';

/** The charts (@mantine/charts, recharts) load only with this section: their own chunk. */
const AnalyticsSection = lazy(() =>
  import('../../analytics/routes/analytics-section').then((module) => ({
    default: module.AnalyticsSection,
  })),
);

const DESCRIPTIONS: Partial<Record<string, string>> = {
  overview: 'How the shop is doing at a glance',
  products: 'Add, edit and remove products',
  categories: 'Organise the storefront: names, pictures, order and visibility',
  analytics: 'Sales, orders and stock over a chosen range',
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
      >
        {/* The catalogue's CSV moves products: its buttons belong to the products section only. */}
        {section.id === 'products' && allowed && <CatalogueTransferButtons />}
      </AdminPageHeader>
      {!allowed ? (
        <AccessDenied role={access.roleName} />
      ) : section.id === 'overview' ? (
        <OverviewSection />
      ) : section.id === 'products' ? (
        <ProductsSection />
      ) : section.id === 'categories' ? (
        <CategoriesSection />
      ) : section.id === 'analytics' ? (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader aria-label="Loading analytics" />
            </Center>
          }
        >
          <AnalyticsSection />
        </Suspense>
      ) : section.id === 'settings' ? (
        <SettingsSection />
      ) : (
        <ComingSoon section={section.label} />
      )}
    </>
  );
}

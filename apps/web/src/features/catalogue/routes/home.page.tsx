/** Home and storefront (docs/product.md §2): its own header, the hero, categories and products. */
import { Box, Button, Container, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { Brand } from '../../../components/brand';
import { NotificationToggle } from '../../notifications';
import { ProductResults } from '../components/product-results';
import { CATEGORY_CARD_HEIGHT, CategoryCard } from '../components/category-card';
import { useCatalogueFilter } from '../catalogue-filter';
import { CART_SUMMARY_CLEARANCE, CartSummaryBar } from '../components/cart-summary-bar';
import { CartButton, useCart } from '../../cart';
import { useAuth } from '../../auth';
import { useShopName } from '../../settings';
import { trpc } from '../../../lib/trpc';
import { paths } from '../../../paths';
import { MAIN_ID } from '../../../lib/landmarks';

function HomeHeader() {
  const { user, isLoading } = useAuth();
  const shopName = useShopName();
  return (
    <Box component="header" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
      <Container size="xl">
        <Group justify="space-between" wrap="nowrap">
          <Brand name={shopName} />
          <Group gap="sm" wrap="nowrap" miw={0}>
            <NotificationToggle />
            <CartButton withLabel />
            {isLoading ? (
              // Until the session is known, neither 'Sign In' nor a greeting: no flash of the wrong one.
              <Skeleton h={36} w={120} radius="md" />
            ) : user ? (
              <>
                <Text fw={500} truncate="end">
                  Hello, {user.firstName || 'User'}!
                </Text>
                <Button
                  component="a"
                  href={paths.apiLogout}
                  variant="default"
                  leftSection={<IconLogout size={16} />}
                >
                  Logout
                </Button>
              </>
            ) : (
              <Button component="a" href={paths.apiLogin}>
                Sign In
              </Button>
            )}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

/** The categories (docs/product.md §2); a card filters the products below to its category, a second click clears it. */
function Categories() {
  const categories = trpc.categories.storefront.useQuery();
  const { filter, setFilter } = useCatalogueFilter();
  return (
    <section aria-labelledby="categories-title">
      <Title order={2} id="categories-title" mb="md">
        Shop by Category
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }}>
        {categories.isLoading
          ? Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} h={CATEGORY_CARD_HEIGHT} radius="md" data-testid="category-placeholder" />
            ))
          : categories.data?.map((category, index) => {
              const selected = filter.categoryId === category.id;
              return (
                <CategoryCard
                  key={category.id}
                  category={category}
                  selected={selected}
                  // The first row (two rows on a phone) is in view at once; the rest load lazily.
                  eager={index < 4}
                  onClick={() => setFilter({ categoryId: selected ? undefined : category.id })}
                />
              );
            })}
      </SimpleGrid>
    </section>
  );
}

export function HomePage() {
  const { count } = useCart();
  const shopName = useShopName();
  return (
    <>
      <HomeHeader />
      <Box component="main" id={MAIN_ID}>
        <Box
          py={{ base: 40, sm: 64 }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-green-0) 0%, var(--mantine-color-lime-0) 60%, var(--mantine-color-yellow-0) 100%)',
          }}
        >
          <Container size="xl">
            <Title order={1} fz={{ base: 32, sm: 44 }}>
              Welcome to{' '}
              <Text span inherit c="green.8">
                {shopName}
              </Text>
            </Title>
            <Text size="lg" c="gray.7" mt="xs">
              Your premium food and beverage distribution platform
            </Text>
          </Container>
        </Box>
        <Container size="xl" pt="xl" pb={count > 0 ? CART_SUMMARY_CLEARANCE : 'xl'}>
          <Stack gap={48}>
            <Categories />
            <ProductResults />
          </Stack>
        </Container>
      </Box>
      <CartSummaryBar />
    </>
  );
}

/**
 * The storefront's products (docs/product.md §2 Home): the search box and category filter, the number of
 * matches, the cards a page of 20 at a time with 'Load more', and the empty states — the spec's
 * 'No products available' for an empty shop, 'No products found' when a filter matches nothing.
 */
import { useDeferredValue, useEffect, useState } from 'react';
import {
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { keepPreviousData } from '@tanstack/react-query';
import { STOREFRONT_PAGE_SIZE } from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { productCount, useCatalogueFilter } from '../catalogue-filter';
import { ProductCard } from './product-card';
import { FoodFactsFilters } from './food-facts-filters';

const SEARCH_DEBOUNCE_MS = 300;

function EmptyState({ title, hint, action }: { title: string; hint: string; action?: React.ReactNode }) {
  return (
    <Stack align="center" py="xl" gap={4}>
      <Text fz={48} aria-hidden>
        📦
      </Text>
      <Title order={3}>{title}</Title>
      <Text c="dimmed">{hint}</Text>
      {action}
    </Stack>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [debounced] = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);
  useEffect(() => setText(value), [value]); // the header's search or Clear filters changed the URL
  useEffect(() => {
    if (debounced.trim() !== value) onSearch(debounced);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a settled change of the text searches
  }, [debounced]);
  return (
    <TextInput
      placeholder="Search products..."
      aria-label="Search products"
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onKeyDown={(event) => event.key === 'Enter' && onSearch(text)}
      style={{ flex: 1, minWidth: 200, maxWidth: 360 }}
    />
  );
}

export function ProductResults() {
  const { filter, setFilter, toggleOption, isFiltered } = useCatalogueFilter();
  const categories = trpc.categories.storefront.useQuery();
  const products = trpc.products.page.useInfiniteQuery(
    {
      search: filter.search,
      categoryId: filter.categoryId,
      freeFrom: filter.freeFrom,
      dietaryLabels: filter.dietaryLabels,
      limit: STOREFRONT_PAGE_SIZE,
    },
    { getNextPageParam: (page) => page.nextCursor, placeholderData: keepPreviousData },
  );
  // The cards render from a deferred copy of the answer: React draws 20 cards in slices between
  // which the browser can handle input, rather than in one long task on a slow phone.
  const shown = useDeferredValue(products.data);
  const items = shown?.pages.flatMap((page) => page.items) ?? [];
  // While the next filter's answer is on its way the old cards stay (dimmed), but not their count.
  const total = products.isPlaceholderData ? undefined : products.data?.pages[0]?.total;

  return (
    <section aria-labelledby="products-title">
      <Group justify="space-between" align="flex-end" mb="md" gap="sm">
        <div>
          <Title order={2} id="products-title">
            {isFiltered ? 'Products' : 'Featured Products'}
          </Title>
          {total !== undefined && (
            <Text c="dimmed" size="sm" data-testid="product-count" aria-live="polite">
              {productCount(total)}
              {filter.search ? ` for “${filter.search}”` : ''}
            </Text>
          )}
        </div>
        <Group gap="sm" wrap="wrap" style={{ flex: 1, justifyContent: 'flex-end' }}>
          <SearchBox
            value={filter.search ?? ''}
            onSearch={(search) => setFilter({ search: search.trim() })}
          />
          <NativeSelect
            aria-label="Category"
            value={filter.categoryId ?? ''}
            onChange={(event) => setFilter({ categoryId: event.currentTarget.value || undefined })}
            data={[
              { value: '', label: 'All categories' },
              ...(categories.data ?? []).map((category) => ({ value: category.id, label: category.name })),
            ]}
          />
        </Group>
      </Group>
      <FoodFactsFilters filter={filter} toggleOption={toggleOption} />
      {products.isLoading || (shown === undefined && products.data !== undefined) ? (
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={340} radius="md" data-testid="product-placeholder" />
          ))}
        </SimpleGrid>
      ) : items.length > 0 ? (
        <Stack gap="lg">
          <SimpleGrid
            cols={{ base: 1, xs: 2, md: 3, lg: 4 }}
            style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}
          >
            {items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </SimpleGrid>
          {products.hasNextPage && (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => products.fetchNextPage()}
                loading={products.isFetchingNextPage}
              >
                Load more
              </Button>
            </Group>
          )}
        </Stack>
      ) : products.isError ? (
        <Text c="red">Could not load products: {products.error.message}</Text>
      ) : isFiltered ? (
        <EmptyState
          title="No products found"
          hint="Try another search or category."
          action={
            <Button
              variant="light"
              mt="sm"
              onClick={() =>
                setFilter({
                  search: undefined,
                  categoryId: undefined,
                  freeFrom: undefined,
                  dietaryLabels: undefined,
                })
              }
            >
              Clear filters
            </Button>
          }
        />
      ) : (
        <EmptyState title="No products available" hint="Check back soon for new products!" />
      )}
    </section>
  );
}

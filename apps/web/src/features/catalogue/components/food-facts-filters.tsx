/**
 * The storefront's "Free from" and "Dietary" filters (issue 20), each option with the number of
 * products it would show together with the rest of the filter (`products.facets`, counted by the
 * server; cached for visitors like the catalogue pages). The choice lives in the URL
 * (catalogue-filter.ts), so a filtered page can be shared.
 */
import { Chip, Group, Text } from '@mantine/core';
import { keepPreviousData } from '@tanstack/react-query';
import {
  ALLERGENS,
  ALLERGEN_LABELS,
  DIETARY_LABELS,
  DIETARY_LABEL_NAMES,
  type Allergen,
  type DietaryLabel,
} from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import type { CatalogueFilter } from '../catalogue-filter';

/** Shorter names for the chips than the regulation's ("Sulphur dioxide and sulphites"). */
const SHORT_ALLERGEN: Partial<Record<Allergen, string>> = {
  gluten: 'Gluten',
  sulphites: 'Sulphites',
};

function FilterGroup<T extends string>({
  legend,
  options,
  names,
  chosen,
  counts,
  onToggle,
  testId,
}: {
  legend: string;
  options: readonly T[];
  names: (option: T) => string;
  chosen: readonly T[];
  counts: Partial<Record<T, number>> | undefined;
  onToggle: (option: T) => void;
  testId: string;
}) {
  return (
    <fieldset data-testid={testId} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
      <Text component="legend" fw={600} size="sm" mb={6}>
        {legend}
      </Text>
      <Group gap={6}>
        {options.map((option) => {
          const count = counts?.[option];
          return (
            <Chip
              key={option}
              checked={chosen.includes(option)}
              onChange={() => onToggle(option)}
              size="xs"
              variant="outline"
              color="green"
            >
              {names(option)}
              {count !== undefined && (
                <>
                  {' '}
                  <Text span size="xs" c="dimmed" data-testid="facet-count">
                    ({count})
                  </Text>
                </>
              )}
            </Chip>
          );
        })}
      </Group>
    </fieldset>
  );
}

export function FoodFactsFilters({
  filter,
  toggleOption,
}: {
  filter: CatalogueFilter;
  toggleOption: (key: 'freeFrom' | 'dietaryLabels', option: string) => void;
}) {
  const facets = trpc.products.facets.useQuery(
    {
      categoryId: filter.categoryId,
      search: filter.search,
      freeFrom: filter.freeFrom,
      dietaryLabels: filter.dietaryLabels,
    },
    { placeholderData: keepPreviousData },
  );
  return (
    <Group align="flex-start" gap="lg" mb="md" wrap="wrap">
      <FilterGroup<Allergen>
        legend="Free from"
        testId="free-from-filter"
        options={ALLERGENS}
        names={(allergen) => SHORT_ALLERGEN[allergen] ?? ALLERGEN_LABELS[allergen]}
        chosen={filter.freeFrom ?? []}
        counts={facets.data?.freeFrom}
        onToggle={(allergen) => toggleOption('freeFrom', allergen)}
      />
      <FilterGroup<DietaryLabel>
        legend="Dietary"
        testId="dietary-filter"
        options={DIETARY_LABELS}
        names={(label) => DIETARY_LABEL_NAMES[label]}
        chosen={filter.dietaryLabels ?? []}
        counts={facets.data?.dietaryLabels}
        onToggle={(label) => toggleOption('dietaryLabels', label)}
      />
    </Group>
  );
}

/**
 * The product form's food facts (issue 20): allergens it contains and may contain, dietary labels
 * besides the spec's Organic and Gluten-free checkboxes, ingredients, origin, storage and the
 * nutrition declaration per 100 g or 100 ml. Checked by the same schema as the server
 * (packages/schema food-facts.ts), so the messages are the same words.
 */
import {
  Checkbox,
  Fieldset,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import {
  ALLERGENS,
  ALLERGEN_LABELS,
  DIETARY_LABELS,
  DIETARY_LABEL_NAMES,
  NUTRIENTS,
  type AdminProductDto,
  type DietaryLabel,
  type NutrientKey,
  type ProductInput,
} from '@shop/schema';

/** The labels this block edits: the spec's Organic and Gluten-free have their own checkboxes. */
const OTHER_LABELS = DIETARY_LABELS.filter((label) => label !== 'organic' && label !== 'gluten-free');

export interface FoodFactsValues {
  allergens: string[];
  mayContain: string[];
  otherLabels: string[];
  ingredients: string;
  origin: string;
  storage: string;
  nutritionBasis: 'g' | 'ml';
  nutrition: Record<NutrientKey, string>;
}

export function initialFoodFacts(product: AdminProductDto | null): FoodFactsValues {
  const nutrition = product?.nutrition;
  return {
    allergens: product?.allergens ?? [],
    mayContain: product?.mayContain ?? [],
    otherLabels: (product?.dietaryLabels ?? []).filter((label) => OTHER_LABELS.includes(label as never)),
    ingredients: product?.ingredients ?? '',
    origin: product?.origin ?? '',
    storage: product?.storage ?? '',
    nutritionBasis: nutrition?.basis ?? 'g',
    nutrition: Object.fromEntries(
      NUTRIENTS.map(({ key }) => [key, nutrition ? String(nutrition[key]) : '']),
    ) as Record<NutrientKey, string>,
  };
}

type FoodFactsBody = Pick<
  ProductInput,
  'allergens' | 'mayContain' | 'dietaryLabels' | 'ingredients' | 'origin' | 'storage' | 'nutrition'
>;

/**
 * The food facts as sent: every label (the two checkboxes' too, so the server's check that
 * isOrganic and dietaryLabels agree holds), and no nutrition when every nutrient is blank.
 */
export function toFoodFactsBody(
  values: FoodFactsValues,
  flags: { isOrganic: boolean; isGlutenFree: boolean },
): FoodFactsBody {
  const labels = new Set<string>(values.otherLabels);
  if (flags.isOrganic) labels.add('organic');
  if (flags.isGlutenFree) labels.add('gluten-free');
  const blank = NUTRIENTS.every(({ key }) => values.nutrition[key].trim() === '');
  return {
    allergens: values.allergens as FoodFactsBody['allergens'],
    mayContain: values.mayContain as FoodFactsBody['mayContain'],
    dietaryLabels: DIETARY_LABELS.filter((label) => labels.has(label)) as DietaryLabel[],
    ingredients: values.ingredients,
    origin: values.origin,
    storage: values.storage,
    nutrition: blank
      ? null
      : {
          basis: values.nutritionBasis,
          ...(Object.fromEntries(
            NUTRIENTS.map(({ key }) => {
              const text = values.nutrition[key].trim();
              return [key, text === '' ? Number.NaN : Number(text)];
            }),
          ) as Record<NutrientKey, number>),
        },
  };
}

const allergenOptions = ALLERGENS.map((value) => ({ value, label: ALLERGEN_LABELS[value] }));

export function ProductFoodFactsFields({
  values,
  onChange,
  errors,
}: {
  values: FoodFactsValues;
  onChange: (values: FoodFactsValues) => void;
  /** The form's messages by field (allergens, mayContain, dietaryLabels, nutrition, …). */
  errors: Partial<Record<string, string>>;
}) {
  const set = <K extends keyof FoodFactsValues>(key: K, value: FoodFactsValues[K]) =>
    onChange({ ...values, [key]: value });
  return (
    <Fieldset legend="Food facts" variant="unstyled">
      <Stack>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <MultiSelect
            label="Contains (allergens)"
            placeholder={values.allergens.length ? undefined : 'None'}
            data={allergenOptions}
            value={values.allergens}
            onChange={(value) => set('allergens', value)}
            error={errors.allergens}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
          <MultiSelect
            label="May contain (traces)"
            placeholder={values.mayContain.length ? undefined : 'None'}
            data={allergenOptions}
            value={values.mayContain}
            onChange={(value) => set('mayContain', value)}
            error={errors.mayContain}
            searchable
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        <Checkbox.Group
          label="Dietary labels"
          value={values.otherLabels}
          onChange={(value) => set('otherLabels', value)}
          error={errors.dietaryLabels}
        >
          <Group gap="md" mt={4}>
            {OTHER_LABELS.map((label) => (
              <Checkbox key={label} value={label} label={DIETARY_LABEL_NAMES[label]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea
          label="Ingredients"
          description="Write allergens in capitals, e.g. WHEAT flour, MILK"
          autosize
          minRows={2}
          value={values.ingredients}
          onChange={(e) => set('ingredients', e.currentTarget.value)}
          error={errors.ingredients}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label="Origin"
            placeholder="Country of origin"
            value={values.origin}
            onChange={(e) => set('origin', e.currentTarget.value)}
            error={errors.origin}
            maxLength={100}
          />
          <TextInput
            label="Storage instructions"
            value={values.storage}
            onChange={(e) => set('storage', e.currentTarget.value)}
            error={errors.storage}
          />
        </SimpleGrid>
        <Fieldset legend="Nutrition" aria-describedby={errors.nutrition ? 'nutrition-error' : undefined}>
          <Select
            label="Per"
            data={[
              { value: 'g', label: '100 g' },
              { value: 'ml', label: '100 ml' },
            ]}
            value={values.nutritionBasis}
            onChange={(value) => set('nutritionBasis', value === 'ml' ? 'ml' : 'g')}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={120}
            mb="xs"
          />
          <SimpleGrid cols={{ base: 2, xs: 4 }}>
            {NUTRIENTS.map(({ key, label, unit }) => (
              <TextInput
                key={key}
                label={`${label} (${unit})`}
                type="number"
                inputMode="decimal"
                step="0.1"
                min={0}
                value={values.nutrition[key]}
                onChange={(e) => set('nutrition', { ...values.nutrition, [key]: e.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
          {errors.nutrition && (
            <Text id="nutrition-error" c="red.8" size="sm" mt="xs" role="alert">
              {errors.nutrition}
            </Text>
          )}
        </Fieldset>
      </Stack>
    </Fieldset>
  );
}

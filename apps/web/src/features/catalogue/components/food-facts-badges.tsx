/**
 * A product's dietary labels and allergens as the card shows them (issue 20): compact badges whose
 * accessible name is the label in full ("VG" reads "Vegan"), and the allergens in bold, as
 * Regulation 1169/2011 Art. 21 asks them to stand out; traces ("may contain") apart.
 */
import { Badge, Group, Text, VisuallyHidden } from '@mantine/core';
import { ALLERGEN_LABELS, DIETARY_LABEL_NAMES, type Allergen, type DietaryLabel } from '@shop/schema';

const SHORT_LABEL: Record<DietaryLabel, string> = {
  vegan: 'VG',
  vegetarian: 'V',
  'gluten-free': 'GF',
  'lactose-free': 'LF',
  organic: 'ORG',
  halal: 'H',
  kosher: 'K',
};

export function DietaryBadges({ labels }: { labels: readonly DietaryLabel[] }) {
  if (!labels.length) return null;
  return (
    <Group
      gap={4}
      component="ul"
      aria-label="Dietary labels"
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {labels.map((label) => (
        <li key={label}>
          {/* The theme colour, not a shade: with a shade Mantine's light variant fills the badge
              with that shade and writes in the light colour of the same green, unreadable. */}
          <Badge
            size="sm"
            variant="light"
            color="green"
            title={DIETARY_LABEL_NAMES[label]}
            data-testid="dietary-badge"
          >
            <span aria-hidden>{SHORT_LABEL[label]}</span>
            <VisuallyHidden>{DIETARY_LABEL_NAMES[label]}</VisuallyHidden>
          </Badge>
        </li>
      ))}
    </Group>
  );
}

/** "Contains: Milk, Eggs" with the allergens bold; "May contain: Peanuts". */
export function AllergenLine({
  label,
  allergens,
  testId,
}: {
  label: string;
  allergens: readonly Allergen[];
  testId: string;
}) {
  if (!allergens.length) return null;
  return (
    <Text size="xs" c="gray.8" data-testid={testId}>
      {label}:{' '}
      {allergens.map((allergen, i) => (
        <span key={allergen}>
          {i > 0 && ', '}
          <Text span fw={700} size="xs">
            {ALLERGEN_LABELS[allergen]}
          </Text>
        </span>
      ))}
    </Text>
  );
}

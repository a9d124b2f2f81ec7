/**
 * "If something is out of stock" (issue 21; docs/substitutions.md): for each line, what the shop
 * does if it is short at picking — substitute with a similar product, with a product the shopper
 * chooses (in-stock products of the same aisle, nearest price first, asked for when the list
 * opens), or no substitution. A line left alone gets the shop's default (Admin → Settings), shown
 * as its value. A substitute is never charged above the line's price.
 */
import { useState } from 'react';
import { Card, Select, Stack, Text, Title } from '@mantine/core';
import { SUBSTITUTION_LABEL, type CartLine, type Substitution } from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { useShopSettings, useMoney } from '../../settings';

/** A line's choice as the order body carries it. */
export interface SubstitutionPick {
  substitution: Substitution;
  substituteProductId?: string;
}

/** The Select's value for a pick: 'similar', 'none' or the chosen product's id. */
const valueOf = (pick: SubstitutionPick) => pick.substituteProductId ?? pick.substitution;

interface Props {
  lines: readonly CartLine[];
  picks: Readonly<Record<string, SubstitutionPick>>;
  onChange: (productId: string, pick: SubstitutionPick) => void;
}

export function SubstitutionSection({ lines, picks, onChange }: Props) {
  const settings = useShopSettings();
  const fallback: SubstitutionPick = { substitution: settings.data?.defaultSubstitution ?? 'similar' };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="substitution-section">
      <Title order={2} size="h3" mb={4}>
        If something is out of stock
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        What we do if an item is short when we pick your order. A substitute never costs more than the item.
      </Text>
      <Stack gap="sm">
        {lines.map((line) => (
          <LineChoice
            key={line.productId}
            line={line}
            pick={picks[line.productId] ?? fallback}
            onChange={(pick) => onChange(line.productId, pick)}
          />
        ))}
      </Stack>
    </Card>
  );
}

function LineChoice({
  line,
  pick,
  onChange,
}: {
  line: CartLine;
  pick: SubstitutionPick;
  onChange: (pick: SubstitutionPick) => void;
}) {
  const money = useMoney();
  // Asked for when the list first opens: most shoppers keep the default.
  const [wanted, setWanted] = useState(pick.substituteProductId !== undefined);
  const similar = trpc.products.similar.useQuery(
    { productId: line.productId },
    { enabled: wanted, staleTime: 60_000 },
  );
  const products = (similar.data ?? []).map((product) => ({
    value: product.id,
    label: `Substitute with ${product.name} (${money(product.price)})`,
  }));
  return (
    <Select
      label={`If ${line.name} is out of stock`}
      data={[
        { value: 'similar', label: SUBSTITUTION_LABEL.similar },
        { value: 'none', label: SUBSTITUTION_LABEL.none },
        ...products,
      ]}
      value={valueOf(pick)}
      onDropdownOpen={() => setWanted(true)}
      nothingFoundMessage={similar.isLoading ? 'Loading…' : undefined}
      allowDeselect={false}
      onChange={(value) => {
        if (!value) return;
        onChange(
          value === 'similar' || value === 'none'
            ? { substitution: value }
            : { substitution: 'product', substituteProductId: value },
        );
      }}
    />
  );
}

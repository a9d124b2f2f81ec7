/**
 * The product page `/products/:id` (issue 20): the picture, description, ingredients, allergens in
 * bold (Regulation 1169/2011 Art. 21) with traces apart, dietary labels, the nutrition declaration
 * per 100 g or 100 ml, origin, storage, the stock state, a quantity and Add to Cart. Its title is
 * the product's name and its meta description the product's description. An unknown or inactive
 * product shows the 404 page (the server answers the path with 404 too: apps/api/src/http/spa.ts).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  Badge,
  Box,
  Button,
  Center,
  Container,
  Grid,
  Group,
  Image,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import {
  NOT_FOUND_TITLE,
  NUTRIENTS,
  documentTitle,
  formatMoney,
  toCartProduct,
  type ProductDetailDto,
} from '@shop/schema';
import { trpc } from '../../../lib/trpc';
import { pictureSrc } from '../../../lib/pictures';
import { QuantityStepper, useCart } from '../../cart';
import { canAddProduct, pricePerText, stockText } from '../../../lib/measures';
import { UnitPriceText } from '../components/unit-price-text';
import { AllergenLine, DietaryBadges } from '../components/food-facts-badges';
import { NotFoundPage } from '../../../components/not-found.page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Most of one product a shopper adds at once from this page (the cart rules are in @shop/schema). */
const MAX_QUANTITY = 99;

/** Sets the page's title and meta description while the product is shown. */
function useProductHead(product: ProductDetailDto | undefined, missing: boolean) {
  useEffect(() => {
    if (missing) document.title = documentTitle(NOT_FOUND_TITLE);
    if (!product) return;
    document.title = documentTitle(product.name);
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const before = meta?.content ?? null;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = (product.description ?? product.name).slice(0, 160);
    return () => {
      if (before === null) meta.remove();
      else meta.content = before;
    };
  }, [product, missing]);
}

function Fact({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Title order={2} fz="lg" mb={4}>
        {title}
      </Title>
      {children}
    </Box>
  );
}

function NutritionTable({ product }: { product: ProductDetailDto }) {
  const nutrition = product.nutrition;
  if (!nutrition) return <Text c="dimmed">Not declared.</Text>;
  return (
    <Table withTableBorder striped maw={420} data-testid="nutrition-table">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Typical values</Table.Th>
          <Table.Th scope="col" ta="right">
            Per 100 {nutrition.basis}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {NUTRIENTS.map(({ key, label, unit }) => (
          <Table.Tr key={key}>
            <Table.Th
              scope="row"
              fw={label.startsWith('of which') ? 400 : 600}
              pl={label.startsWith('of which') ? 'lg' : undefined}
            >
              {label}
              {key === 'energyKj' || key === 'energyKcal' ? ` (${unit})` : ''}
            </Table.Th>
            <Table.Td ta="right">
              {nutrition[key]}
              {unit === 'g' ? ' g' : ''}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * How much to add, by how the product is sold (lib/measures.ts): by measure a stepper in its steps
 * from its minimum (0.25 kg of salmon), as on its card; pieces a number of pieces.
 */
function AddToCart({ product }: { product: ProductDetailDto }) {
  const { addLines } = useCart();
  const [quantity, setQuantity] = useState<number>(product.minQuantity);
  const available = canAddProduct(product);
  const most = Math.max(1, Math.min(MAX_QUANTITY, product.stock, product.maxQuantity));
  return (
    <Group align="flex-end" gap="sm">
      {product.measureUnit ? (
        available && (
          <QuantityStepper
            name={product.name}
            quantity={quantity}
            rule={product}
            keepMinimum
            onChange={setQuantity}
            testId="product-page-amount"
          />
        )
      ) : (
        <NumberInput
          label="Quantity"
          min={1}
          max={most}
          step={1}
          allowDecimal={false}
          clampBehavior="strict"
          value={quantity}
          onChange={(value) => setQuantity(typeof value === 'number' && value >= 1 ? value : 1)}
          disabled={!available}
          w={110}
        />
      )}
      <Button
        disabled={!available}
        leftSection={available ? <IconShoppingCartPlus size={18} /> : undefined}
        onClick={() =>
          // The card's cart logic: the same line (with its measure), added to what is in the cart already.
          addLines([{ ...toCartProduct(product), quantity }])
        }
      >
        {available ? 'Add to Cart' : 'Out of Stock'}
      </Button>
    </Group>
  );
}

export function ProductPage() {
  const { id = '' } = useParams();
  const validId = UUID.test(id);
  const product = trpc.products.byId.useQuery(
    { id },
    { enabled: validId, retry: (count, error) => error.data?.code !== 'NOT_FOUND' && count < 2 },
  );
  const missing = !validId || product.error?.data?.code === 'NOT_FOUND';
  const data = product.data as ProductDetailDto | undefined;
  useProductHead(data, missing);

  if (missing) return <NotFoundPage />;
  if (!data) {
    return (
      <Container size="lg" py="xl">
        {product.isError ? (
          <Text c="red">Could not load the product: {product.error.message}</Text>
        ) : (
          <Skeleton h={320} radius="md" data-testid="product-page-loading" />
        )}
      </Container>
    );
  }
  const src = pictureSrc(data.imageUrl);
  const available = canAddProduct(data);
  return (
    <Container size="lg" py="xl" data-testid="product-page">
      <Grid gap="xl">
        <Grid.Col span={{ base: 12, sm: 5 }}>
          {src ? (
            <Image src={src} alt={data.name} radius="md" fit="cover" mah={420} />
          ) : (
            <Center h={280} bg="gray.1" role="img" aria-label="No image" style={{ borderRadius: 8 }}>
              <Text fz={80} aria-hidden>
                📦
              </Text>
            </Center>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 7 }}>
          <Stack gap="md">
            <Title order={1}>{data.name}</Title>
            <DietaryBadges labels={data.dietaryLabels} />
            <Group gap="sm" align="baseline">
              <Text fw={700} fz={28} c="green.8" data-testid="product-price">
                {formatMoney(data.price)}
              </Text>
              <Text c="dimmed" data-testid="product-price-per">
                {pricePerText(data)}
              </Text>
              <Badge color={available ? 'green' : 'red'} variant="light" data-testid="product-stock-state">
                {available ? `In stock (${stockText(data.stock, data.measureUnit)})` : 'Out of stock'}
              </Badge>
            </Group>
            <UnitPriceText unitPrice={data.unitPrice} testId="product-page-unit-price" />
            <Text>{data.description}</Text>
            <AddToCart product={data} />
          </Stack>
        </Grid.Col>
      </Grid>
      <Grid gap="xl" mt="xl">
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="lg">
            <Fact title="Ingredients">
              <Text data-testid="product-ingredients">{data.ingredients ?? 'Not declared.'}</Text>
            </Fact>
            <Fact title="Allergens">
              {data.allergens.length || data.mayContain.length ? (
                <Stack gap={4}>
                  <AllergenLine label="Contains" allergens={data.allergens} testId="page-allergens" />
                  <AllergenLine label="May contain" allergens={data.mayContain} testId="page-may-contain" />
                </Stack>
              ) : (
                <Text size="sm">No allergens declared.</Text>
              )}
            </Fact>
            <Fact title="Origin">
              <Text>{data.origin ?? 'Not declared.'}</Text>
            </Fact>
            <Fact title="Storage">
              <Text>{data.storage ?? 'Not declared.'}</Text>
            </Fact>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Fact title="Nutrition">
            <NutritionTable product={data} />
          </Fact>
        </Grid.Col>
      </Grid>
    </Container>
  );
}

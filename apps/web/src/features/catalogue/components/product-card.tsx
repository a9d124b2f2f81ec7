import { useState } from 'react';
import { Anchor, Badge, Box, Button, Card, Center, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { IconShoppingCartPlus } from '@tabler/icons-react';
import { formatMoney, toCartProduct, type ProductDto } from '@shop/schema';
import { canAddProduct, pricePerText, stockText } from '../../../lib/measures';
import { useCart, QuantityStepper } from '../../cart';
import { UnitPriceText } from './unit-price-text';
import { pictureSrc } from '../../../lib/pictures';
import { paths } from '../../../paths';
import { AllergenLine, DietaryBadges } from './food-facts-badges';

const IMAGE_HEIGHT = 160;

/** The 📦 shown for a product without a picture (or whose picture does not load). */
function NoImage() {
  return (
    <Center h={IMAGE_HEIGHT} bg="gray.1" data-testid="product-no-image" role="img" aria-label="No image">
      <Text fz={56} lh={1} aria-hidden>
        📦
      </Text>
    </Center>
  );
}

/** A storefront card (docs/product.md §2): image or 📦, name, 2-line description, price per unit, stock, Add to Cart. */
export function ProductCard({ product }: { product: ProductDto }) {
  const { add, addLines } = useCart();
  const [imageFailed, setImageFailed] = useState(false);
  // Sold by measure: the card chooses how much to add (0.25 kg steps of salmon), from the minimum.
  const [amount, setAmount] = useState(product.minQuantity);
  const available = canAddProduct(product);
  const cartProduct = toCartProduct(product);
  return (
    <Card withBorder padding="md" radius="md" data-testid="product-card" h="100%">
      <Card.Section pos="relative">
        {pictureSrc(product.imageUrl) && !imageFailed ? (
          <Image
            src={pictureSrc(product.imageUrl)}
            alt={product.name}
            h={IMAGE_HEIGHT}
            fit="cover"
            loading="lazy"
            onError={() => setImageFailed(true)}
          />
        ) : (
          <NoImage />
        )}
        {(product.isOrganic || product.isGlutenFree) && (
          <Group gap={6} pos="absolute" top={10} left={10}>
            {product.isOrganic && (
              <Badge size="sm" color="green" variant="filled">
                Organic
              </Badge>
            )}
            {product.isGlutenFree && (
              <Badge size="sm" color="yellow.8" variant="filled">
                Gluten-free
              </Badge>
            )}
          </Group>
        )}
      </Card.Section>
      <Stack gap={6} mt="sm" style={{ flex: 1 }}>
        <Text fw={600} lineClamp={2} data-testid="product-name">
          <Anchor component={Link} to={paths.product(product.id)} c="inherit" inherit>
            {product.name}
          </Anchor>
        </Text>
        <Text size="sm" c="dimmed" lineClamp={2} data-testid="product-description">
          {product.description}
        </Text>
        <DietaryBadges labels={product.dietaryLabels} />
        <AllergenLine label="Contains" allergens={product.allergens} testId="product-allergens" />
        <AllergenLine label="May contain" allergens={product.mayContain} testId="product-may-contain" />
        <Group justify="space-between" align="baseline" mt="auto" pt="xs" wrap="nowrap">
          <Box>
            <Text span fw={700} fz="lg" c="green.8" data-testid="product-price">
              {formatMoney(product.price)}
            </Text>{' '}
            <Text span size="sm" c="dimmed">
              {pricePerText(product)}
            </Text>
            <UnitPriceText unitPrice={product.unitPrice} />
          </Box>
          <Text size="sm" c={available ? 'dimmed' : 'red.7'} data-testid="product-stock">
            Stock: {stockText(product.stock, product.measureUnit)}
          </Text>
        </Group>
        {product.measureUnit && available && (
          <Group justify="center">
            <QuantityStepper
              name={product.name}
              quantity={amount}
              rule={product}
              keepMinimum
              onChange={setAmount}
              testId="product-amount"
            />
          </Group>
        )}
        <Button
          fullWidth
          disabled={!available}
          // The visible text first (it must be part of the name), then which product: 20 cards
          // would otherwise offer 20 buttons named just "Add to Cart".
          aria-label={`${available ? 'Add to Cart' : 'Out of Stock'}: ${product.name}`}
          leftSection={available ? <IconShoppingCartPlus size={18} /> : undefined}
          onClick={() =>
            product.measureUnit ? addLines([{ ...cartProduct, quantity: amount }]) : add(cartProduct)
          }
        >
          {available ? 'Add to Cart' : 'Out of Stock'}
        </Button>
      </Stack>
    </Card>
  );
}

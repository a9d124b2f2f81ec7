import { useState } from 'react';
import { Card, Center, Image, Text } from '@mantine/core';
import { IconBasket } from '@tabler/icons-react';
import type { StorefrontCategoryDto } from '@shop/schema';
import { pictureSrc } from '../../../lib/pictures';

/**
 * The card's fixed size: the picture (or its stand-in) and the text below it never change the
 * card's height, so the grid does not move when pictures arrive (CLS), and the loading
 * placeholders are as tall as the cards that replace them.
 */
export const CATEGORY_PICTURE_HEIGHT = 112;
export const CATEGORY_CARD_HEIGHT = 212;

/** The stand-in for a category without a picture (or whose picture does not load). */
function NoPicture() {
  return (
    <Center h={CATEGORY_PICTURE_HEIGHT} bg="green.0" data-testid="category-no-picture" aria-hidden>
      {/* An icon drawn by the app, not an emoji: a machine without an emoji font shows an empty box. */}
      <IconBasket size={44} stroke={1.5} color="var(--mantine-color-green-8)" />
    </Center>
  );
}

/**
 * A storefront category card (docs/product.md §2: name and description), with the picture set in
 * Admin → Categories. Pictures of the first row load at once; the rest when scrolled near (`eager`).
 * A card filters the products below to its category; a second click clears it.
 */
export function CategoryCard({
  category,
  selected,
  eager,
  onClick,
}: {
  category: StorefrontCategoryDto;
  selected: boolean;
  eager: boolean;
  onClick: () => void;
}) {
  const [pictureFailed, setPictureFailed] = useState(false);
  const src = pictureSrc(category.imageUrl);
  return (
    <Card
      withBorder
      radius="md"
      h={CATEGORY_CARD_HEIGHT}
      data-testid="category-card"
      component="button"
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      style={{
        textAlign: 'left',
        cursor: 'pointer',
        justifyContent: 'flex-start',
        borderColor: selected ? 'var(--mantine-color-green-6)' : undefined,
        background: selected ? 'var(--mantine-color-green-0)' : undefined,
      }}
    >
      <Card.Section mb="sm">
        {src && !pictureFailed ? (
          <Image
            src={src}
            alt={category.name}
            h={CATEGORY_PICTURE_HEIGHT}
            w="100%"
            fit="cover"
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            data-testid="category-picture"
            onError={() => setPictureFailed(true)}
          />
        ) : (
          <NoPicture />
        )}
      </Card.Section>
      <Text fw={600} lineClamp={1}>
        {category.name}
      </Text>
      <Text size="sm" c="dimmed" lineClamp={2}>
        {category.description}
      </Text>
    </Card>
  );
}

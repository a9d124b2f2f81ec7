import { Image } from '@mantine/core';
import { pictureSrc } from '../lib/pictures';

/** A neutral picture for products without one (or whose image fails to load). */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80" viewBox="0 0 80 80">' +
      '<rect width="80" height="80" fill="#f1f3f5"/>' +
      '<path d="M22 54l12-14 9 10 7-8 10 12z" fill="#ced4da"/><circle cx="30" cy="30" r="6" fill="#ced4da"/></svg>',
  );

export function ProductThumb({
  src,
  name,
  size = 40,
}: {
  src: string | null | undefined;
  name: string;
  size?: number;
}) {
  const shown = pictureSrc(src);
  return (
    <Image
      src={shown ?? PLACEHOLDER_IMAGE}
      fallbackSrc={PLACEHOLDER_IMAGE}
      alt={shown ? name : ''}
      w={size}
      h={size}
      radius="sm"
      fit="cover"
      style={{ flex: 'none' }}
    />
  );
}

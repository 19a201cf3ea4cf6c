import { photoSrcSet, type PhotoVariant } from '#shared/photos';
import { Image } from '@chakra-ui/react';
import { useState } from 'react';

export interface TutorPhotoProps {
  /** The largest variant, or the original's presigned address while the variants are being made. */
  url: string | null;
  /** The resized WebP variants (shared/src/photos.ts); empty until they are made. */
  variants?: readonly PhotoVariant[];
  /** The avatar's drawn size in CSS pixels: the browser picks the variant for it at the screen's density. */
  size: number;
  alt: string;
  /** Below the fold (a list's cards): loaded when scrolled near. */
  lazy?: boolean;
}

/**
 * A tutor's photo, inside an `Avatar.Root` over its `Avatar.Fallback` (the initials show until the
 * photo is drawn, and stay if it fails): `srcset` of the variants with `sizes` = the drawn size,
 * so a 44 px card avatar loads 48 px at 1x, 96 px at 2x, 144 px at 3x, and never the original.
 *
 * Not Chakra's `Avatar.Image`: it keeps the image `hidden` until loaded, and a hidden image with
 * `loading="lazy"` never comes near the viewport, so it would never load.
 */
export function TutorPhoto({ url, variants = [], size, alt, lazy = false }: TutorPhotoProps) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  const srcSet = variants.length > 0 ? photoSrcSet(variants) : undefined;
  return (
    <Image
      src={url}
      srcSet={srcSet}
      sizes={srcSet ? `${size}px` : undefined}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      alt={alt}
      onError={() => setFailed(url)}
      position="absolute"
      inset="0"
      w="full"
      h="full"
      objectFit="cover"
      borderRadius="var(--avatar-radius)"
    />
  );
}

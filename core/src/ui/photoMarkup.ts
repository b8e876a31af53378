import { markup, type Html } from '../html/markup.ts';
import { avifSrcset, blurredPlaceholder, CARD_SIZES, webpSrcset } from './photoSources.ts';
import type { CardPhoto } from './VisitorCard.tsx';

/**
 * A photo as markup without React (the pre-rendered public pages, the web process's first photos
 * of a search): the media pipeline's widths as srcsets (AVIF first where the photo has it, WebP
 * in the img) and its blurred placeholder painted underneath, as ResponsiveImage renders it.
 * `priority` marks the page's largest paint: fetched at once and first.
 */
export const photo = (
  image: CardPhoto,
  alt: string,
  options: { priority?: boolean; sizes?: string } = {},
): Html => {
  const sizes = options.sizes ?? CARD_SIZES;
  const srcset = webpSrcset(image);
  const avif = srcset ? avifSrcset(image) : undefined;
  const placeholder = blurredPlaceholder(image);
  const img = markup`<img
    src="${image.url}"
    ${srcset ? markup` srcset="${srcset}" sizes="${sizes}"` : ''}
    alt="${alt}"
    ${image.width && image.height ? markup` width="${image.width}" height="${image.height}"` : ''}
    loading="${options.priority ? 'eager' : 'lazy'}"
    decoding="async"
    ${options.priority ? markup` fetchpriority="high"` : ''}${placeholder ? markup` style="background-image:url(&quot;${placeholder}&quot;);background-size:cover"` : ''}
  />`;
  return avif
    ? markup`<picture><source type="image/avif" srcset="${avif}" sizes="${sizes}" />${img}</picture>`
    : img;
};

/**
 * Asks for the page's largest photo from the head, before the browser meets its img: the AVIF set
 * where the photo has one (a browser without AVIF skips a preload of that type), else the WebP set.
 */
export const preloadPhoto = (image: CardPhoto, sizes: string): Html => {
  const avif = avifSrcset(image);
  const srcset = avif ?? webpSrcset(image);
  if (!srcset)
    return markup`<link rel="preload" as="image" href="${image.url}" fetchpriority="high" />`;
  return markup`<link rel="preload" as="image"${avif ? markup` type="image/avif"` : ''} imagesrcset="${srcset}" imagesizes="${sizes}" fetchpriority="high" />`;
};

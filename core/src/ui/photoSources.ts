/**
 * The `srcset`s and the placeholder of a photo, as both renderers write them: the islands'
 * ResponsiveImage and the public pages' templates (projections/src/publicSite/templates/card.ts).
 */
/** Phones show a card's photo across the screen; wider screens in a card of at most 400 px. */
export const CARD_SIZES = '(max-width: 640px) 100vw, 400px';

/** A listing's main photo: across a phone, at most 800 px beside the details. */
export const DETAIL_SIZES = '(max-width: 900px) 100vw, 800px';

export type PhotoVariant = { width: number; url: string; avif?: string };
export type PhotoSources = {
  url: string;
  placeholder?: string;
  variants?: PhotoVariant[];
  width?: number;
  height?: number;
};

/** The WebP widths as a srcset; undefined for a photo without variants. */
export const webpSrcset = (image: PhotoSources): string | undefined =>
  image.variants?.length ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ') : undefined;

/**
 * The AVIF widths as a srcset, only when every width has one: photos processed before AVIF was
 * made have none, and a partial set would let the browser pick a width the WebP set lacks.
 */
export const avifSrcset = (image: PhotoSources): string | undefined =>
  image.variants?.length && image.variants.every((v) => v.avif)
    ? image.variants.map((v) => `${v.avif} ${v.width}w`).join(', ')
    : undefined;

/**
 * The pipeline's 16 px preview, blurred: an SVG that draws it through a Gaussian blur (the alpha
 * table keeps the edges opaque), so it paints as a soft preview at any size rather than as blocks.
 * Only a data: URI from our own pipeline is used, never a URL from elsewhere.
 */
export const blurredPlaceholder = (image: PhotoSources): string | undefined => {
  const tiny = image.placeholder;
  if (!tiny) return undefined;
  // The preview has the photo's shape: drawn in a box of that shape, 'cover' crops it as the photo is.
  const h =
    image.width && image.height ? Math.max(1, Math.round((16 * image.height) / image.width)) : 16;
  // A photo's preview is drawn again on every page showing it (its listing's page and city pages,
  // in each language): the last few hundred are kept. Bounded, so a long-lived page cannot grow it.
  const key = `${h} ${tiny}`;
  if (drawn.has(key)) return drawn.get(key);
  if (drawn.size >= DRAWN_MAX) drawn.clear();
  const preview = drawPreview(tiny, h);
  drawn.set(key, preview);
  return preview;
};

const DRAWN_MAX = 500;
const drawn = new Map<string, string | undefined>();

const drawPreview = (tiny: string, h: number): string | undefined => {
  if (!/^data:image\/(webp|png|jpeg);base64,[A-Za-z0-9+/=]+$/.test(tiny)) return undefined;
  const svg =
    `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 ${h}' preserveAspectRatio='none'>` +
    `<filter id='b' color-interpolation-filters='sRGB'><feGaussianBlur stdDeviation='1.5'/>` +
    `<feComponentTransfer><feFuncA type='discrete' tableValues='1 1'/></feComponentTransfer></filter>` +
    `<image width='16' height='${h}' preserveAspectRatio='none' filter='url(#b)' href='${tiny}'/></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg).replaceAll("'", '%27')}`;
};

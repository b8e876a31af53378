import {
  avifSrcset,
  blurredPlaceholder,
  CARD_SIZES,
  webpSrcset,
  type PhotoVariant,
} from './photoSources.ts';

/** A photo as the media pipeline stores it: the original, resized variants and a tiny placeholder. */
export type PhotoSource = {
  url: string;
  caption?: string;
  placeholder?: string;
  variants?: PhotoVariant[];
};

type Props = {
  image: PhotoSource;
  alt: string;
  sizes?: string;
  eager?: boolean;
  /** The page's main image (its largest paint): fetched before others. */
  priority?: boolean;
  /** The photo's own size, so the browser knows its shape before it arrives. */
  width?: number;
  height?: number;
  className?: string;
  /** Inside a button already (a thumbnail): a held photo shows its preview without a button of its own. */
  inButton?: boolean;
  /** The person already asked for this photo (the gallery's own "Show photo"): never held. */
  asked?: boolean;
};

/**
 * Whether the data saver holds photos, and the words of the button that shows one: the site's store
 * (site/src/stores/dataSaver.ts) keeps them on the page's root element, so this reads them without
 * a module shared with the site's scripts. Never on the server.
 */
type Root = { documentElement: { dataset: Record<string, string | undefined> } };
const photoHold = (): string | null =>
  (globalThis as { document?: Root }).document?.documentElement.dataset.photoHold ?? null;

/** The blurred preview painted under a photo (photoSources.ts), as a style. */
export const previewStyle = (image: PhotoSource, width?: number, height?: number) => {
  const placeholder = blurredPlaceholder({ ...image, width, height });
  return placeholder
    ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
    : undefined;
};

/**
 * Lazy image with the media pipeline's resized variants as srcset (AVIF where the
 * photo has it, WebP otherwise) and its blurred placeholder painted underneath
 * until the real image arrives.
 *
 * While the data saver holds photos (photoHold) the files are named only in
 * data- attributes, so nothing is fetched, and a "Show photo" button sits over the
 * preview; the site's frame script moves them into place on a tap (showHeldPhoto).
 * No hook and no handler here: /browse renders this card without React
 * (site/src/scripts/renderToDom.ts).
 */
export const ResponsiveImage = (props: Props) => {
  const { inButton, asked, ...rest } = props;
  const hold = asked ? null : photoHold();
  const style = previewStyle(props.image, props.width, props.height);
  if (hold === null) return <Picture {...rest} style={style} />;
  return (
    // Keyed by the photo: another photo in this place (a carousel's step) is held afresh.
    <span key={props.image.url} className="photo-held" data-photo-held="waiting" style={style}>
      <Picture {...rest} style={style} held />
      {!inButton && (
        <button type="button" className="btn btn-secondary" data-show-photo="">
          {hold}
        </button>
      )}
    </span>
  );
};

type PictureProps = Omit<Props, 'inButton' | 'asked'> & {
  style: { backgroundImage: string; backgroundSize: string } | undefined;
  /** Files named in data- attributes only, until shown. */
  held?: boolean;
};

const Picture = ({
  image,
  alt,
  sizes = CARD_SIZES,
  eager,
  priority,
  width,
  height,
  className,
  style,
  held = false,
}: PictureProps) => {
  const srcSet = webpSrcset(image);
  const avif = srcSet ? avifSrcset(image) : undefined;
  const files = held
    ? { 'data-src': image.url, 'data-srcset': srcSet }
    : { src: image.url, srcSet: srcSet };
  const img = (
    <img
      {...files}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager || held ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority && !held ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
  if (!avif) return img;
  return (
    <picture>
      <source
        type="image/avif"
        {...(held ? { 'data-srcset': avif } : { srcSet: avif })}
        sizes={sizes}
      />
      {img}
    </picture>
  );
};

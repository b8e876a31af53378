import { useState, useSyncExternalStore, type CSSProperties } from 'react';
import { photoHold, subscribePhotoHold } from './photoHold.ts';
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

/** The data saver's hold (photoHold.ts): the button's words, or null when photos load as usual. */
export const usePhotoHold = (): string | null =>
  useSyncExternalStore(subscribePhotoHold, photoHold, () => null);

/**
 * Lazy image with the media pipeline's resized variants as srcset (AVIF where the
 * photo has it, WebP otherwise) and its blurred placeholder painted underneath
 * until the real image arrives. While the data saver holds photos (photoHold.ts)
 * only the placeholder shows, with a button that loads the photo.
 */
export const ResponsiveImage = (props: Props) => {
  const hold = usePhotoHold();
  const [shown, setShown] = useState(false);
  const { image, width, height, className } = props;
  const placeholder = blurredPlaceholder({ ...image, width, height });
  const background = placeholder
    ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
    : undefined;
  if (hold !== null && !shown && !props.asked)
    return (
      <HeldPhoto
        label={hold}
        onShow={() => setShown(true)}
        inButton={props.inButton}
        className={className}
        style={{ ...background, aspectRatio: width && height ? `${width} / ${height}` : undefined }}
      />
    );
  const { inButton: _inButton, asked: _asked, ...rest } = props;
  return <Picture {...rest} eager={props.eager || shown} style={background} />;
};

/**
 * A photo the data saver holds: its blurred preview in the photo's place and shape, and a button
 * that loads it. No file of the photo is named, so the browser fetches nothing.
 */
export const HeldPhoto = ({
  label,
  onShow,
  inButton,
  className,
  style,
}: {
  label: string;
  onShow: () => void;
  inButton?: boolean | undefined;
  className?: string | undefined;
  style: CSSProperties;
}) => (
  <span
    className={`photo-held${className ? ` ${className}` : ''}`}
    style={style}
    data-testid="photo-held"
  >
    {/* Inside another button (a thumbnail) the preview alone shows: that button picks it. */}
    {!inButton && (
      <button type="button" className="btn btn-secondary" onClick={onShow}>
        {label}
      </button>
    )}
  </span>
);

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
}: Omit<Props, 'inButton' | 'asked'> & {
  style?: { backgroundImage: string; backgroundSize: string };
}) => {
  const srcSet = webpSrcset(image);
  const avif = srcSet ? avifSrcset(image) : undefined;
  const img = (
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={style}
    />
  );
  if (!avif) return img;
  return (
    <picture>
      <source type="image/avif" srcSet={avif} sizes={sizes} />
      {img}
    </picture>
  );
};

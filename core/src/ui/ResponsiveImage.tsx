/** A photo as the media pipeline stores it: the original, resized variants and a tiny placeholder. */
export type PhotoSource = {
  url: string;
  caption?: string;
  placeholder?: string;
  variants?: { width: number; url: string }[];
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
};

/**
 * Lazy image with the media pipeline's resized variants as srcset and its tiny
 * placeholder painted underneath until the real image arrives. Only a data:
 * URI from the pipeline is painted, never a URL from elsewhere.
 */
export const ResponsiveImage = ({
  image,
  alt,
  sizes = '(max-width: 640px) 100vw, 400px',
  eager,
  priority,
  width,
  height,
  className,
}: Props) => {
  const srcSet = image.variants?.length
    ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
    : undefined;
  const placeholder = image.placeholder?.startsWith('data:image/') ? image.placeholder : undefined;
  return (
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
      style={
        placeholder
          ? { backgroundImage: `url("${placeholder}")`, backgroundSize: 'cover' }
          : undefined
      }
    />
  );
};

import type { PropertyImage } from '../../lib/types.ts';

type Props = {
  image: PropertyImage;
  alt: string;
  sizes?: string;
  eager?: boolean;
  className?: string;
};

/**
 * Lazy image with the media pipeline's resized variants as srcset and its tiny
 * placeholder painted underneath until the real image arrives.
 */
export const ResponsiveImage = ({
  image,
  alt,
  sizes = '(max-width: 640px) 100vw, 400px',
  eager,
  className,
}: Props) => {
  const srcSet = image.variants?.length
    ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
    : undefined;
  return (
    <img
      src={image.url}
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
      style={
        image.placeholder
          ? { backgroundImage: `url("${image.placeholder}")`, backgroundSize: 'cover' }
          : undefined
      }
    />
  );
};

import { useState } from 'react';
import type { PropertyImage } from '../../lib/types.ts';
import { PhotoArrows, photoAlt, stepPhoto } from './PhotoArrows.tsx';
import { ResponsiveImage } from '@rentals/core/ui/ResponsiveImage.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';

type Props = {
  images: PropertyImage[];
  title: string;
  /** The first card of a list: its photo is likely the page's largest paint, so it is not lazy. */
  first?: boolean;
};

/** A card's photo strip: arrows and an 'n / total' counter when there is more than one. */
export const Carousel = ({ images, title, first = false }: Props) => {
  const [index, setIndex] = useState(0);
  const total = images.length;
  const current = images[Math.min(index, total - 1)];
  const step = (delta: number) => setIndex((i) => stepPhoto(i, delta, total));
  return (
    <div className="carousel">
      {current ? (
        <ResponsiveImage
          image={current}
          alt={photoAlt(current, title, index)}
          eager={first}
          priority={first && index === 0}
        />
      ) : (
        <div className="no-image" aria-hidden="true">
          <Icon name="home" />
        </div>
      )}
      {total > 1 && (
        <>
          <PhotoArrows onStep={step} />
          <span className="carousel-counter">
            {index + 1} / {total}
          </span>
        </>
      )}
    </div>
  );
};

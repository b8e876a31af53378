import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

/** 'Previous photo' / 'Next photo' over a photo; the strip wraps around at both ends. */
export const PhotoArrows = ({ onStep }: { onStep: (delta: -1 | 1) => void }) => (
  <>
    <button
      type="button"
      className="carousel-nav carousel-prev"
      aria-label={text('card.photo.previous')}
      onClick={() => onStep(-1)}
    >
      ‹
    </button>
    <button
      type="button"
      className="carousel-nav carousel-next"
      aria-label={text('card.photo.next')}
      onClick={() => onStep(1)}
    >
      ›
    </button>
  </>
);

/** The index `delta` photos on from `index` in a strip of `total`, wrapping around. */
export const stepPhoto = (index: number, delta: number, total: number) =>
  (index + delta + total) % total;

/** A photo's alt text: its caption, else which photo of the listing it is. */
export const photoAlt = (image: { caption?: string }, title: string, index: number) =>
  image.caption || format('card.photo.alt', { title, n: index + 1 });

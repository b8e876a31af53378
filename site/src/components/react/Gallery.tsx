import { useCallback, useEffect, useRef, useState } from 'react';
import type { PropertyImage } from '../../lib/types.ts';
import { PhotoArrows, photoAlt, stepPhoto } from './PhotoArrows.tsx';
import { preload } from 'react-dom';
import { previewStyle, ResponsiveImage } from '@rentals/core/ui/ResponsiveImage.tsx';
import { useStore } from '@nanostores/react';
import { $dataSaver } from '../../stores/dataSaver.ts';
import { avifSrcset, DETAIL_SIZES, webpSrcset } from '@rentals/core/ui/photoSources';
import { useModal } from './useModal.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

type Props = { images: PropertyImage[]; title: string };

/**
 * The main photo while the data saver holds it: its blurred preview and the gallery's own "Show
 * photo" (outside the viewer's button); once asked, every photo picked loads.
 */
const HeldPhoto = ({
  image,
  label,
  onShow,
}: {
  image: PropertyImage;
  label: string;
  onShow: () => void;
}) => (
  <span className="photo-held" data-photo-held="waiting" style={previewStyle(image)}>
    <button type="button" className="btn btn-secondary" onClick={onShow}>
      {label}
    </button>
  </span>
);

/**
 * The first photo is the page's largest paint: asked for with the set its <picture> picks (AVIF
 * where the photo has it), at high priority, as soon as the listing is known.
 */
const preloadFirst = (image: PropertyImage) => {
  const avif = avifSrcset(image);
  preload(image.url, {
    as: 'image',
    imageSrcSet: avif ?? webpSrcset(image),
    imageSizes: DETAIL_SIZES,
    fetchPriority: 'high',
    ...(avif ? { type: 'image/avif' } : {}),
  });
};

/** The detail page's gallery plus its full-screen viewer (arrow keys, Escape, fit toggle). */
export const Gallery = ({ images, title }: Props) => {
  const [index, setIndex] = useState(0);
  const [viewer, setViewer] = useState(false);
  const total = images.length;
  const step = useCallback((delta: number) => setIndex((i) => stepPhoto(i, delta, total)), [total]);
  const current = images[index];
  // Held by the data saver: nothing is fetched until asked; once asked, each photo picked loads.
  const hold = useStore($dataSaver) ? text('common.dataSaver.showPhoto') : null;
  const [asked, setAsked] = useState(false);
  const held = hold !== null && !asked;
  if (images[0] && hold === null && typeof document !== 'undefined') preloadFirst(images[0]);
  if (!current)
    return (
      <div className="gallery-main">
        <div className="no-image">
          <p style={{ fontSize: '1rem' }}>{text('detail.gallery.none')}</p>
        </div>
      </div>
    );
  return (
    <div>
      <div className="gallery-main">
        {held ? (
          <HeldPhoto image={current} label={hold} onShow={() => setAsked(true)} />
        ) : (
          <button
            type="button"
            className="gallery-open"
            aria-label={text('detail.gallery.open')}
            onClick={() => setViewer(true)}
          >
            <ResponsiveImage
              image={current}
              alt={photoAlt(current, title, index)}
              eager
              asked={asked}
              priority={index === 0}
              sizes={DETAIL_SIZES}
            />
          </button>
        )}
        {total > 1 && <PhotoArrows onStep={step} />}
        <span className="carousel-counter" data-testid="gallery-counter">
          {index + 1} / {total}
        </span>
      </div>
      {current.caption && <p className="caption">{current.caption}</p>}
      <Thumbnails images={images} title={title} index={index} onPick={setIndex} />
      {viewer && (
        <Viewer
          images={images}
          title={title}
          index={index}
          step={step}
          onPick={setIndex}
          onClose={() => setViewer(false)}
        />
      )}
    </div>
  );
};

type ThumbProps = {
  images: PropertyImage[];
  title: string;
  index: number;
  onPick: (i: number) => void;
};

const Thumbnails = ({ images, title, index, onPick }: ThumbProps) =>
  images.length > 1 ? (
    <div className="thumbs">
      {images.map((image, i) => (
        <button
          key={image.id}
          type="button"
          aria-current={i === index}
          aria-label={format('detail.gallery.show', { n: i + 1 })}
          onClick={() => onPick(i)}
        >
          <ResponsiveImage image={image} alt={photoAlt(image, title, i)} sizes="80px" inButton />
        </button>
      ))}
    </div>
  ) : null;

type ViewerProps = ThumbProps & { step: (delta: number) => void; onClose: () => void };

const Viewer = ({ images, title, index, step, onPick, onClose }: ViewerProps) => {
  const [fit, setFit] = useState<'contain' | 'cover'>('contain');
  const closeRef = useRef<HTMLButtonElement>(null);
  useModal(closeRef, (event) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowLeft') step(-1);
    else if (event.key === 'ArrowRight') step(1);
  });
  // The page behind the full-screen viewer does not scroll.
  useEffect(() => {
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = '';
    };
  }, []);
  const current = images[index];
  if (!current) return null;
  return (
    <div
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={text('detail.gallery.viewer')}
    >
      <div className="viewer-bar">
        <span data-testid="viewer-counter">
          {index + 1} / {images.length}
        </span>
        <div style={{ display: 'flex', gap: '0.5rem' }}>
          <button
            type="button"
            className="button button-small"
            aria-pressed={fit === 'cover'}
            onClick={() => setFit((f) => (f === 'contain' ? 'cover' : 'contain'))}
          >
            {text(fit === 'contain' ? 'detail.gallery.fill' : 'detail.gallery.fit')}
          </button>
          <button
            ref={closeRef}
            type="button"
            className="button button-small"
            aria-label={text('detail.gallery.closeViewer')}
            onClick={onClose}
          >
            <Icon name="close" /> {text('detail.gallery.close')}
          </button>
        </div>
      </div>
      <div className="viewer-stage">
        <img src={current.url} alt={photoAlt(current, title, index)} className={`fit-${fit}`} />
        {images.length > 1 && <PhotoArrows onStep={step} />}
      </div>
      {current.caption && (
        <p className="center" style={{ margin: '0.4rem' }}>
          {current.caption}
        </p>
      )}
      <Thumbnails images={images} title={title} index={index} onPick={onPick} />
    </div>
  );
};

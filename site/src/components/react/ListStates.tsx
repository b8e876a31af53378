import { Icon } from '@rentals/core/ui/Icon.tsx';
import { text } from '../../lib/i18n.ts';
import { FIRST_PHOTOS_CLASS } from '@rentals/core/ui/firstPhotos';

/** Loading and empty states shared by the listing screens. */
export const SkeletonGrid = ({
  count = 6,
  firstPhotos = false,
}: {
  count?: number;
  /**
   * The search page's first load: an empty slot the web process fills with the search's first
   * photos as it serves the page (core/src/ui/firstPhotos.ts). React keeps what the slot holds
   * when it hydrates (an element with inner HTML of its own is not compared), and the cards
   * replace the whole grid once they come.
   */
  firstPhotos?: boolean;
}) => (
  <div className="property-grid" aria-busy="true" aria-label={text('common.loadingProperties')}>
    {firstPhotos && (
      <div
        className={FIRST_PHOTOS_CLASS}
        dangerouslySetInnerHTML={{ __html: '' }}
        suppressHydrationWarning
      />
    )}
    {Array.from({ length: count }, (_, i) => (
      <div key={i} className="skeleton skeleton-card" data-testid="skeleton-card" />
    ))}
  </div>
);

export const NoProperties = () => (
  <div className="empty-state card">
    <div className="empty-icon" aria-hidden="true">
      <Icon name="home" />
    </div>
    <h2>{text('common.noProperties.title')}</h2>
    <p className="muted">{text('common.noProperties.text')}</p>
  </div>
);

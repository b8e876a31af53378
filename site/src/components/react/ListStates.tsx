import { Icon } from '@rentals/core/ui/Icon.tsx';
import { text } from '../../lib/i18n.ts';

/** Loading and empty states shared by the listing screens. */
export const SkeletonGrid = ({ count = 6 }: { count?: number }) => (
  <div className="property-grid" aria-busy="true" aria-label={text('common.loadingProperties')}>
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

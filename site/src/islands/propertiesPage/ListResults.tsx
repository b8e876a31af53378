import type { Filters } from '../../lib/filters.ts';
import type { ViewMode } from '../../stores/viewMode.ts';
import type { Property } from '../../lib/types.ts';
import { MapPanel } from '../../components/react/MapPanel.tsx';
import { NoProperties, SkeletonGrid } from '../../components/react/ListStates.tsx';
import { PropertyCard } from '../../components/react/PropertyCard.tsx';
import { lazy, Suspense } from 'react';
import type { BBox, ListState } from './usePropertyList.ts';
import { text } from '../../lib/i18n.ts';

const VisitorResults = lazy(() => import('./VisitorResults.tsx'));

type Props = {
  state: ListState;
  firstLoad: boolean;
  mode: ViewMode;
  filters: Filters | null;
  visitor: boolean;
  onSearchArea: (bbox: BBox) => void;
};

/** Skeletons on the first load, then the map, nothing found, or the cards. */
export const ListResults = ({ state, firstLoad, mode, filters, visitor, onSearchArea }: Props) =>
  firstLoad ? (
    <SkeletonGrid />
  ) : mode === 'map' ? (
    <MapPanel
      filters={filters ?? {}}
      properties={state.items}
      visitor={visitor}
      onSearchArea={visitor ? undefined : onSearchArea}
    />
  ) : state.items.length === 0 && !state.error ? (
    <NoProperties />
  ) : (
    <div className="property-grid">
      {visitor ? (
        <Suspense fallback={null}>
          <VisitorResults items={state.items} />
        </Suspense>
      ) : (
        state.items.map((p, i) => (
          <PropertyCard key={p._id} property={p as Property} first={i === 0} />
        ))
      )}
    </div>
  );

/** 'Load More' under the grid while the search has more pages. */
export const LoadMore = ({ state, onMore }: { state: ListState; onMore: () => void }) => (
  <div className="center" style={{ marginTop: '1.5rem' }}>
    <button type="button" className="button" disabled={state.loading} onClick={onMore}>
      {text(state.loading ? 'results.loading' : 'results.loadMore')}
    </button>
  </div>
);

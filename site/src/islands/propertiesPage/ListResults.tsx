import type { Filters } from '../../lib/filters.ts';
import type { ViewMode } from '../../stores/viewMode.ts';
import { NoProperties, SkeletonGrid } from '../../components/react/ListStates.tsx';
import { lazy, Suspense } from 'react';
import type { BBox, ListState } from './usePropertyList.ts';
import { text } from '../../lib/i18n.ts';
import { Spinner } from '../../components/react/Spinner.tsx';

// Each audience's cards load beside the search's first request (preloadResults), which they wait for anyway.
const loadVisitorResults = () => import('./VisitorResults.tsx');
const loadMemberResults = () => import('./MemberResults.tsx');
const VisitorResults = lazy(loadVisitorResults);
const MemberResults = lazy(loadMemberResults);
/** Fetches the cards' code for the audience while the search's first request is under way. */
export const preloadResults = (visitor: boolean) =>
  void (visitor ? loadVisitorResults() : loadMemberResults());
// The map view's frame (the data saver's gate, the loading state) comes with the map: most searches stay on the list.
const MapPanel = lazy(async () => ({
  default: (await import('../../components/react/MapPanel.tsx')).MapPanel,
}));

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
    <Suspense fallback={<Spinner label={text('map.loading')} />}>
      <MapPanel
        filters={filters ?? {}}
        properties={state.items}
        visitor={visitor}
        onSearchArea={visitor ? undefined : onSearchArea}
      />
    </Suspense>
  ) : state.items.length === 0 && !state.error ? (
    <NoProperties />
  ) : (
    <div className="property-grid">
      <Suspense fallback={null}>
        {visitor ? <VisitorResults items={state.items} /> : <MemberResults items={state.items} />}
      </Suspense>
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

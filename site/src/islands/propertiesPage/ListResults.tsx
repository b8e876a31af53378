import type { Filters } from '../../lib/filters.ts';
import type { ViewMode } from '../../stores/viewMode.ts';
import { NoProperties, SkeletonGrid } from '../../components/react/ListStates.tsx';
import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { BBox, ListState } from './usePropertyList.ts';
import { text } from '../../lib/i18n.ts';
import { Spinner } from '../../components/react/Spinner.tsx';

type Cards = ComponentType<{ items: ListState['items'] }>;
export type Audience = 'visitor' | 'member';
const loaders: Record<Audience, () => Promise<{ default: Cards }>> = {
  visitor: () => import('./VisitorResults.tsx'),
  member: () => import('./MemberResults.tsx'),
};

/**
 * The cards' component for the audience, fetched beside the search's first request (which it
 * waits for anyway), so the page's first load carries none of it (site/scripts/checkBudgets.ts);
 * null until it is here, while the page shows its skeletons. A chunk that fails to load is thrown
 * to the island's error boundary, as a lazy component's would be.
 */
export const useResultCards = (audience: Audience | null): Cards | null => {
  const [loaded, setLoaded] = useState<{ audience: Audience; Cards: Cards } | null>(null);
  const [failed, setFailed] = useState<Error | null>(null);
  useEffect(() => {
    if (!audience) return;
    let live = true;
    loaders[audience]().then(
      // As a transition, like the answer (usePropertyList): the cards may come second, and
      // their first render then yields to the browser too instead of blocking it.
      ({ default: Cards }) => live && startTransition(() => setLoaded({ audience, Cards })),
      (error: unknown) =>
        live && setFailed(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [audience]);
  if (failed) throw failed;
  return loaded?.audience === audience ? loaded.Cards : null;
};

// The map view's frame (the data saver's gate, the loading state) comes with the map: most searches stay on the list.
const MapPanel = lazy(async () => ({
  default: (await import('../../components/react/MapPanel.tsx')).MapPanel,
}));

type Props = {
  state: ListState;
  /** The audience's cards (useResultCards); the first load lasts until they are here. */
  cards: Cards | null;
  firstLoad: boolean;
  mode: ViewMode;
  filters: Filters | null;
  visitor: boolean;
  onSearchArea: (bbox: BBox) => void;
};

/** Skeletons on the first load, then the map, nothing found, or the cards. */
export const ListResults = ({
  state,
  cards: Cards,
  firstLoad,
  mode,
  filters,
  visitor,
  onSearchArea,
}: Props) =>
  firstLoad ? (
    <SkeletonGrid firstPhotos />
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
    <div className="property-grid">{Cards && <Cards items={state.items} />}</div>
  );

/** 'Load More' under the grid while the search has more pages. */
export const LoadMore = ({ state, onMore }: { state: ListState; onMore: () => void }) => (
  <div className="center" style={{ marginTop: '1.5rem' }}>
    <button type="button" className="button" disabled={state.loading} onClick={onMore}>
      {text(state.loading ? 'results.loading' : 'results.loadMore')}
    </button>
  </div>
);

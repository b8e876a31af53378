import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { $viewMode } from '../stores/viewMode.ts';
import { $drawnArea, clearDrawnArea } from '../stores/drawnArea.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { SearchForm } from '../components/react/SearchForm.tsx';
import { useAuth } from '../components/react/useAuth.ts';
import { Alert } from '../components/react/Alert.tsx';
import { readToken } from '../lib/api.ts';
import { ListResults, LoadMore, useResultCards } from './propertiesPage/ListResults.tsx';
import { ListToolbar, LoginBanner } from './propertiesPage/ListToolbar.tsx';
import { usePropertyList, type BBox } from './propertiesPage/usePropertyList.ts';
import { useRecentSearch } from './propertiesPage/useRecentSearch.ts';
import { useUrlFilters } from './propertiesPage/useUrlFilters.ts';

// Fetched after the page is up, as the map is: not needed to show the first results (the page's size budget).
const RentTrendChart = lazy(async () => ({
  default: (await import('../components/react/RentTrendChart.tsx')).RentTrendChart,
}));

/**
 * /properties: full cards for a signed-in user (page 1 replaces, later pages
 * append), the public list for a visitor. Filters come from the URL.
 */
const PropertiesList = () => {
  const auth = useAuth();
  const mode = useStore($viewMode);
  // 'Search this area' on the map narrows the signed-in search to the viewport.
  const [bbox, setBbox] = useState<BBox | null>(null);
  // An area drawn on the map narrows the search (both audiences: a saved search's link may be opened signed out).
  const drawn = useStore($drawnArea);
  const filters = useUrlFilters();
  const { state, load } = usePropertyList(auth.status, filters, { bbox, drawn });
  const visitor = auth.status === 'anonymous';
  // With a stored token the cards' code is fetched during the sign-in check, beside page 1.
  const cards = useResultCards(
    auth.status === 'loading' ? (readToken() ? 'member' : null) : visitor ? 'visitor' : 'member',
  );

  // The map view does not wait for the cards' code; the list shows its skeletons until it is here.
  const firstLoad = (state.loading && state.page === 0) || (mode !== 'map' && !cards);
  // After the first results, as the trend below: neither is what the page is opened for, and on
  // a budget phone both took the network and the CPU from them (npm run bench:lighthouse).
  useRecentSearch(
    auth.status === 'authenticated' && auth.user.role === 'tenant' && !firstLoad,
    filters,
  );
  // Under the results (and the map): it arrives after them, and above them it pushed the cards
  // down as they were read (layout shift, npm run bench:lighthouse); a map view opens on the map.
  const trend = filters?.city && !firstLoad && (
    <Suspense fallback={null}>
      <RentTrendChart city={filters.city} locality={filters.area} />
    </Suspense>
  );
  return (
    <>
      <SearchForm
        initial={filters ?? {}}
        target="/properties"
        showTerms={!visitor}
        visitor={visitor}
      />
      <ListToolbar
        total={firstLoad ? null : state.total}
        mapMode={mode === 'map'}
        narrowed={!!(bbox || drawn)}
        onShowAll={() => {
          setBbox(null);
          clearDrawnArea();
        }}
        saveable={auth.status === 'authenticated' ? filters : null}
        bbox={bbox}
      />
      {visitor && <LoginBanner />}
      <Alert className="alert alert-error" message={state.error} />
      <ListResults
        state={state}
        cards={cards}
        firstLoad={firstLoad}
        mode={mode}
        filters={filters}
        visitor={visitor}
        onSearchArea={setBbox}
      />
      {mode === 'grid' && state.hasMore && (
        <LoadMore state={state} onMore={() => void load(state.page + 1)} />
      )}
      {trend}
    </>
  );
};

export default function PropertiesPage() {
  return (
    <ErrorBoundary>
      <PropertiesList />
    </ErrorBoundary>
  );
}

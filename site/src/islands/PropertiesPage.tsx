import { useStore } from '@nanostores/react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import { filtersFromSearch, hasFilters, type Filters } from '../lib/filters.ts';
import { count, propertiesFound } from '@rentals/core/ui/plural';
import type { Property, PublicProperty } from '../lib/types.ts';
import { $viewMode, setViewMode } from '../stores/viewMode.ts';
import { $mapSearch } from '../stores/mapSearch.ts';
import { $drawnArea, clearDrawnArea, setDrawnArea } from '../stores/drawnArea.ts';
import { drawnAreaOf, polygonParam, type DrawnArea } from '../lib/drawnArea.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { MapPanel } from '../components/react/MapPanel.tsx';
import { NoProperties, SkeletonGrid } from '../components/react/ListStates.tsx';
import { PropertyCard } from '../components/react/PropertyCard.tsx';
import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { visitorListingOf } from '../lib/visitorListing.ts';
import { SearchForm } from '../components/react/SearchForm.tsx';
import { ViewToggle } from '../components/react/ViewToggle.tsx';
import { useAuth } from '../components/react/useAuth.ts';
import { Alert } from '../components/react/Alert.tsx';

// Fetched after the page is up, as the map is: neither is needed to show the first results (the page's size budget).
const SaveSearch = lazy(async () => ({
  default: (await import('../components/react/SaveSearch.tsx')).SaveSearch,
}));
const RentTrendChart = lazy(async () => ({
  default: (await import('../components/react/RentTrendChart.tsx')).RentTrendChart,
}));

export const PAGE_SIZE = 12;

type ListState = {
  items: (Property | PublicProperty)[];
  total: number;
  page: number;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
};

type BBox = [number, number, number, number];

const toQuery = (
  filters: Filters | null,
  page: number,
  area: { bbox?: BBox | null; drawn?: DrawnArea | null } = {},
) => {
  const query = new URLSearchParams(filters ?? {});
  if (area.bbox) query.set('bbox', area.bbox.map((n) => n.toFixed(5)).join(','));
  if (area.drawn) query.set('polygon', polygonParam(area.drawn));
  query.set('page', String(page));
  query.set('limit', String(PAGE_SIZE));
  return query;
};

/** In map view: how many of the search's matches the map's viewport holds. */
const MapCount = ({ total }: { total: number }) => {
  const search = useStore($mapSearch);
  if (search.status !== 'ready') return null;
  return (
    <span className="muted" data-testid="map-count" style={{ fontWeight: 400 }}>
      {` · Showing ${count(search.answer.total)} of ${count(total)}`}
    </span>
  );
};

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
  // Filters come from the URL, which only exists in the browser (the page is pre-rendered).
  const [filters, setFilters] = useState<Filters | null>(null);
  useEffect(() => {
    // A saved search with a map area opens on the map (view=map&bbox=…); the map reads the area.
    // One with a drawn area (view=map&polygon=…) puts it in force for the list and the map.
    if (new URLSearchParams(window.location.search).get('view') === 'map') setViewMode('map');
    const opened = drawnAreaOf(window.location.search);
    if (opened) setDrawnArea(opened);
    setFilters(filtersFromSearch(window.location.search));
  }, []);
  const [state, setState] = useState<ListState>({
    items: [],
    total: 0,
    page: 0,
    hasMore: false,
    loading: true,
    error: null,
  });
  const visitor = auth.status === 'anonymous';

  const load = useCallback(
    async (page: number) => {
      if (!filters) return;
      setState((s) => ({ ...s, loading: true, error: null }));
      try {
        let items: (Property | PublicProperty)[];
        let total: number;
        let hasMore: boolean;
        if (visitor) {
          const res = await apiRoute('GET /properties/public', {
            query: toQuery(filters, page, { drawn }),
          });
          items = res.properties;
          total = res.pagination.totalItems;
          hasMore = res.pagination.currentPage < res.pagination.totalPages;
        } else {
          const res = await apiRoute('GET /properties', {
            query: toQuery(filters, page, { bbox, drawn }),
          });
          items = res.properties;
          total = res.totalCount;
          hasMore = res.hasMore;
        }
        setState((s) => ({
          items: page === 1 ? items : [...s.items, ...items],
          total,
          page,
          hasMore,
          loading: false,
          error: null,
        }));
      } catch (error) {
        setState((s) => ({
          ...s,
          loading: false,
          error: describeError(error, 'Failed to fetch properties'),
        }));
      }
    },
    [filters, visitor, bbox, drawn],
  );

  useEffect(() => {
    if (auth.status !== 'loading' && filters) void load(1);
  }, [auth.status, filters, load]);

  // A tenant's search with criteria becomes their latest Recent Search on the dashboard.
  const tenant = auth.status === 'authenticated' && auth.user.role === 'tenant';
  useEffect(() => {
    if (tenant && filters && hasFilters(filters))
      void apiRoute('POST /dashboard/recent-searches', { json: filters }).catch(() => {
        // Only a convenience: the search itself goes on.
      });
  }, [tenant, filters]);

  const firstLoad = state.loading && state.page === 0;
  // Above the list, but below the map: a chosen map view opens on the map, not the chart.
  const trend = filters?.city && (
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
      <div className="list-toolbar">
        <p aria-live="polite" style={{ margin: 0, fontWeight: 600 }}>
          {!firstLoad && propertiesFound(state.total)}
          {!firstLoad && mode === 'map' && <MapCount total={state.total} />}
        </p>
        <div className="list-toolbar-tools">
          {(bbox || drawn) && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setBbox(null);
                clearDrawnArea();
              }}
            >
              Show all areas
            </button>
          )}
          {auth.status === 'authenticated' && filters && (
            <Suspense fallback={null}>
              <SaveSearch filters={filters} listArea={bbox} />
            </Suspense>
          )}
          <ViewToggle />
        </div>
      </div>
      {visitor && (
        <div className="login-banner">
          <span>
            <strong>Login to See Details</strong> — rent, contact details and facilities are shown
            to signed-in users.
          </span>
          <a className="button button-primary" href="/login?redirect=%2Fproperties">
            Login
          </a>
        </div>
      )}
      {mode !== 'map' && trend}
      <Alert className="alert alert-error" message={state.error} />
      {firstLoad ? (
        <SkeletonGrid />
      ) : mode === 'map' ? (
        <MapPanel
          filters={filters ?? {}}
          properties={state.items}
          visitor={visitor}
          onSearchArea={visitor ? undefined : setBbox}
        />
      ) : state.items.length === 0 && !state.error ? (
        <NoProperties />
      ) : (
        <div className="property-grid">
          {state.items.map((p) =>
            visitor ? (
              <VisitorCard key={p._id} listing={visitorListingOf(p)} />
            ) : (
              <PropertyCard key={p._id} property={p as Property} />
            ),
          )}
        </div>
      )}
      {mode === 'grid' && state.hasMore && (
        <div className="center" style={{ marginTop: '1.5rem' }}>
          <button
            type="button"
            className="button"
            disabled={state.loading}
            onClick={() => void load(state.page + 1)}
          >
            {state.loading ? 'Loading...' : 'Load More'}
          </button>
        </div>
      )}
      {mode === 'map' && trend}
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

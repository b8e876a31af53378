import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import type { Filters } from '../../lib/filters.ts';
import { count, propertiesFound } from '@rentals/core/ui/plural';
import { $mapSearch } from '../../stores/mapSearch.ts';
import { ViewToggle } from '../../components/react/ViewToggle.tsx';
import type { BBox } from './usePropertyList.ts';

// Fetched after the page is up, as the map is: not needed to show the first results (the page's size budget).
const SaveSearch = lazy(async () => ({
  default: (await import('../../components/react/SaveSearch.tsx')).SaveSearch,
}));

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

type Props = {
  /** The count is hidden until the first page arrives. */
  total: number | null;
  mapMode: boolean;
  /** Whether the map narrows the list (an area searched or drawn): 'Show all areas' undoes it. */
  narrowed: boolean;
  onShowAll: () => void;
  /** Signed in, with the URL's filters read: the search can be saved. */
  saveable: Filters | null;
  bbox: BBox | null;
};

/** The count of matches, 'Show all areas', 'Save this search' and the grid/map toggle. */
export const ListToolbar = ({ total, mapMode, narrowed, onShowAll, saveable, bbox }: Props) => (
  <div className="list-toolbar">
    <p aria-live="polite" style={{ margin: 0, fontWeight: 600 }}>
      {total !== null && propertiesFound(total)}
      {total !== null && mapMode && <MapCount total={total} />}
    </p>
    <div className="list-toolbar-tools">
      {narrowed && (
        <button type="button" className="link-button" onClick={onShowAll}>
          Show all areas
        </button>
      )}
      {saveable && (
        <Suspense fallback={null}>
          <SaveSearch filters={saveable} listArea={bbox} />
        </Suspense>
      )}
      <ViewToggle />
    </div>
  </div>
);

/** What a visitor is told: signing in shows the rest of each listing. */
export const LoginBanner = () => (
  <div className="login-banner">
    <span>
      <strong>Login to See Details</strong> — rent, contact details and facilities are shown to
      signed-in users.
    </span>
    <a className="button button-primary" href="/login?redirect=%2Fproperties">
      Login
    </a>
  </div>
);

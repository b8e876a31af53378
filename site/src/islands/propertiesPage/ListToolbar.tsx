import { lazy, Suspense } from 'react';
import type { Filters } from '../../lib/filters.ts';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { text } from '../../lib/i18n.ts';
import { format, formatRich } from '../../lib/i18nFormat.ts';
import { ViewToggle } from '../../components/react/ViewToggle.tsx';
import type { BBox } from './usePropertyList.ts';

// Fetched after the page is up, as the map is: not needed to show the first results (the page's size budget).
const SaveSearch = lazy(async () => ({
  default: (await import('../../components/react/SaveSearch.tsx')).SaveSearch,
}));
// Only in map view, whose search store comes with the map: the list's first load goes without it.
const MapCount = lazy(async () => ({
  default: (await import('./MapCount.tsx')).MapCount,
}));

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
      {total !== null && format('results.found', { n: total })}
      {total !== null && mapMode && (
        <Suspense fallback={null}>
          <MapCount total={total} />
        </Suspense>
      )}
    </p>
    <div className="list-toolbar-tools">
      {narrowed && (
        <button type="button" className="link-button" onClick={onShowAll}>
          {text('results.showAll')}
        </button>
      )}
      {saveable && (
        // Its closed button's twin while the code loads: the toolbar wraps on a phone as it will,
        // so the cards below do not move when it arrives (CLS, npm run bench:lighthouse).
        <Suspense
          fallback={
            <button type="button" className="button button-small" disabled>
              {text('common.saveSearch.open')}
            </button>
          }
        >
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
      {richNodes(
        formatRich<React.ReactNode>('results.loginBanner', {
          b: (chunks) => <strong>{chunks}</strong>,
        }),
      )}
    </span>
    <a className="button button-primary" href="/login?redirect=%2Fproperties">
      {text('results.login')}
    </a>
  </div>
);

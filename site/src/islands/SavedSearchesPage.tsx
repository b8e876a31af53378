import { useStore } from '@nanostores/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { describeError } from '../lib/api.ts';
import { describeFilters } from '../lib/filters.ts';
import { fill, text } from '../lib/i18n.ts';
import { countLabel, formatRent } from '../lib/format.ts';
import {
  ALERT_OPTIONS,
  areaLabel,
  filtersOf,
  searchPageOf,
  type AlertChoice,
  type SavedSearch,
} from '../lib/savedSearches.ts';
import {
  $alerts,
  $savedSearches,
  actOnSearch,
  deleteSearch,
  editSearch,
  loadSavedSearches,
  watchAlerts,
} from '../stores/savedSearches.ts';
import { toast } from '../stores/toasts.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { LoadedList, searchProperties } from '../components/react/EmptyState.tsx';
import { AlertSelect } from '../components/react/AlertSelect.tsx';
import { PageHeader } from '../components/react/PageHeader.tsx';
import {
  OfflineCopy,
  isOffline,
  keepCopy,
  prepareCopies,
  readCopy,
  type CopyNote,
} from '../components/react/OfflineCopy.tsx';

const alertLabel = (search: SavedSearch) =>
  text(
    search.paused
      ? 'savedSearches.paused'
      : ALERT_OPTIONS.find((o) => o.value === search.alert)!.label,
  );

const attempt = (action: () => Promise<unknown>, fallback: string) =>
  void action().catch((error: unknown) => toast.error(describeError(error, fallback)));

/**
 * Opening a search's results, or one of its new matches, is seeing its new
 * matches: its count clears. The mark is sent before leaving the page (a
 * request started by a link's click is cancelled by the navigation it
 * starts); the page opens whether or not it was recorded.
 */
const openMarkingSeen = (event: MouseEvent<HTMLAnchorElement>, searchId: string) => {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
    return;
  event.preventDefault();
  const href = event.currentTarget.href;
  void actOnSearch(searchId, 'seen')
    .catch(() => undefined)
    .finally(() => window.location.assign(href));
};

/** The search's name (opening it marks its matches seen), new matches, filters, area and alerts. */
const SearchSummary = ({ search }: { search: SavedSearch }) => (
  <>
    <h2>
      <a href={searchPageOf(search)} onClick={(e) => openMarkingSeen(e, search.id)}>
        {search.name}
      </a>
      {search.newMatches > 0 && (
        <span className="badge badge-new" data-testid="new-matches">
          {fill('savedSearches.newMatches', { count: countLabel(search.newMatches) })}
        </span>
      )}
    </h2>
    <p className="muted">
      {[
        describeFilters(filtersOf(search.filters)) || text('savedSearches.allProperties'),
        areaLabel(search.area),
        alertLabel(search),
      ]
        .filter(Boolean)
        .join(' · ')}
    </p>
  </>
);

const SearchRow = ({ search }: { search: SavedSearch }) => {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(search.name);
  const [alert, setAlert] = useState<AlertChoice>(search.alert);
  return (
    <li className="card saved-search" data-testid="saved-search">
      <div className="saved-search-main">
        {editing ? (
          <form
            className="saved-search-edit"
            onSubmit={(e) => {
              e.preventDefault();
              attempt(
                () => editSearch(search, { name, alert }).then(() => setEditing(false)),
                text('savedSearches.changeFailed'),
              );
            }}
          >
            <input
              aria-label={text('savedSearches.name')}
              value={name}
              maxLength={60}
              required
              onChange={(e) => setName(e.target.value)}
            />
            <AlertSelect
              aria-label={text('savedSearches.alerts')}
              value={alert}
              onChange={setAlert}
            />
            <button type="submit" className="button button-primary button-small">
              {text('common.save')}
            </button>
          </form>
        ) : (
          <SearchSummary search={search} />
        )}
      </div>
      <div className="actions">
        <button type="button" className="button button-small" onClick={() => setEditing(!editing)}>
          {text(editing ? 'common.cancel' : 'savedSearches.edit')}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() =>
            attempt(
              () => actOnSearch(search.id, search.paused ? 'resume' : 'pause'),
              text('savedSearches.changeFailed'),
            )
          }
        >
          {text(search.paused ? 'savedSearches.resume' : 'savedSearches.pause')}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => attempt(() => deleteSearch(search.id), text('savedSearches.deleteFailed'))}
        >
          {text('savedSearches.delete')}
        </button>
      </div>
    </li>
  );
};

const SavedSearches = () => {
  const searches = useStore($savedSearches);
  const alerts = useStore($alerts);
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyNote | null>(null);
  useEffect(() => {
    prepareCopies();
    loadSavedSearches()
      .then(() => keepCopy((store) => store.keepSavedSearches($savedSearches.get() ?? [])))
      .catch(async (e: unknown) => {
        // Offline: the copy saved when they were last seen, under its note.
        const copy = isOffline(e) ? await readCopy((store) => store.savedSearchesCopy()) : null;
        if (copy && 'value' in copy) {
          $savedSearches.set(copy.value);
          setCopy(copy.note);
        } else setError(copy?.none ?? describeError(e, text('savedSearches.loadFailed')));
      });
    void watchAlerts().catch(() => undefined);
  }, []);

  return (
    <>
      <PageHeader title={text('savedSearches.title')} intro={text('savedSearches.intro')} />
      <OfflineCopy copy={copy}>
        <LoadedList
          items={searches}
          error={error}
          skeletons={2}
          empty={{
            title: text('savedSearches.empty.title'),
            text: text('savedSearches.empty.text'),
            action: searchProperties(),
          }}
        >
          {(list) => (
            <ul className="saved-search-list">
              {list.map((s) => (
                <SearchRow key={s.id} search={s} />
              ))}
            </ul>
          )}
        </LoadedList>
      </OfflineCopy>
      {alerts && alerts.length > 0 && (
        <section aria-label={text('savedSearches.newMatchesTitle')} data-testid="alerts">
          <h2>{text('savedSearches.newMatchesTitle')}</h2>
          <ul className="alert-list">
            {alerts.map((a) => (
              <li key={`${a.id}-${a.searchId}`} className="card" data-testid="alert">
                <a
                  href={`/properties/${encodeURIComponent(a.listingId)}`}
                  onClick={(e) => openMarkingSeen(e, a.searchId)}
                >
                  {a.title}
                </a>
                <span>
                  {a.area}, {a.city} · {formatRent(a.rent)}
                </span>
                <span className="muted">
                  {fill('savedSearches.alertFor', { search: a.searchName })}
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
};

export default function SavedSearchesPage() {
  return <GuardedIsland>{() => <SavedSearches />}</GuardedIsland>;
}

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { ApiError, describeError, apiRoute } from '../lib/api.ts';
import { text } from '../lib/i18n.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { Favourite, FavouriteFilter } from '../lib/types.ts';
import { $favourites, loadFavourites, setFavourite } from '../stores/favourites.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { LoadedList, searchProperties } from '../components/react/EmptyState.tsx';
import { PropertyCard } from '../components/react/PropertyCard.tsx';
import { PageHeader } from '../components/react/PageHeader.tsx';
import {
  OfflineCopy,
  isOffline,
  keepCopy,
  prepareCopies,
  readCopy,
  type CopyNote,
} from '../components/react/OfflineCopy.tsx';

type Loaded = ApiResponse<'GET /favourites'>;

/** The list saved on this phone, as the API would answer it for `filter`. */
const fromCopy = (all: Favourite[], filter: FavouriteFilter): Loaded => {
  const available = all.filter((f) => f.available).length;
  return {
    favourites: all.filter((f) => filter === 'all' || f.available === (filter === 'available')),
    counts: { available, unavailable: all.length - available },
  };
};

/** GET /favourites; offline, the copy saved the last time the whole list was seen. */
const loadList = async (filter: FavouriteFilter): Promise<Loaded & { copy?: CopyNote }> => {
  if (filter === 'all') prepareCopies();
  try {
    const loaded = await apiRoute('GET /favourites', {
      query: new URLSearchParams({ filter, limit: '50' }),
    });
    if (filter === 'all') keepCopy((store) => store.keepFavourites(loaded.favourites));
    return loaded;
  } catch (error) {
    if (!isOffline(error)) throw error;
    const copy = await readCopy((store) => store.savedFavourites());
    // Said as the failure: nothing saved to show.
    if ('none' in copy) throw new ApiError(0, copy.none);
    // The hearts show the saved list too (switched off with the rest of the copy).
    if ($favourites.get() === null) $favourites.set(new Set(copy.value.map((f) => f.listingId)));
    return { ...fromCopy(copy.value, filter), copy: copy.note };
  }
};

const FILTERS: { value: FavouriteFilter; label: MessageId }[] = [
  { value: 'all', label: 'favourites.filter.all' },
  { value: 'available', label: 'favourites.filter.available' },
  { value: 'unavailable', label: 'favourites.filter.unavailable' },
];

/** A favourite whose listing was deleted: its last title and place, and a way to remove it. */
const GoneCard = ({ favourite }: { favourite: Favourite }) => (
  <article className="card favourite-gone" data-testid="favourite-gone">
    <span className="badge badge-unavailable">{text('favourites.unavailable')}</span>
    <h3>{favourite.title}</h3>
    <p className="muted">
      {favourite.area}, {favourite.city}
    </p>
    <button
      type="button"
      className="button button-small"
      onClick={() => void setFavourite(favourite.listingId, false)}
    >
      {text('favourites.remove')}
    </button>
  </article>
);

const FavouriteItem = ({ favourite }: { favourite: Favourite }) => {
  if (!favourite.property) return <GoneCard favourite={favourite} />;
  return (
    <div className="favourite-item" data-testid="favourite-item">
      {!favourite.available && (
        <span className="badge badge-unavailable" data-testid="unavailable-badge">
          {text('favourites.unavailable')}
        </span>
      )}
      <PropertyCard property={favourite.property} />
    </div>
  );
};

const Favourites = () => {
  const [filter, setFilter] = useState<FavouriteFilter>('all');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copy, setCopy] = useState<CopyNote | null>(null);
  const hearts = useStore($favourites);

  useEffect(() => {
    void loadFavourites();
  }, []);
  useEffect(() => {
    setLoaded(null);
    setError(null);
    loadList(filter)
      .then(({ copy: note, ...list }) => {
        setLoaded(list);
        setCopy(note ?? null);
      })
      .catch((e: unknown) => setError(describeError(e, text('favourites.loadFailed'))));
  }, [filter]);

  // A heart switched off anywhere on the page takes its listing off this list at once.
  const shown = loaded?.favourites.filter((f) => hearts === null || hearts.has(f.listingId));
  const count = (value: FavouriteFilter) =>
    loaded === null
      ? null
      : value === 'all'
        ? loaded.counts.available + loaded.counts.unavailable
        : loaded.counts[value];

  return (
    <>
      <PageHeader title={text('favourites.title')} intro={text('favourites.intro')} />
      <div className="filter-tabs" role="group" aria-label={text('favourites.filter.label')}>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={`button button-small ${filter === f.value ? 'button-primary' : ''}`}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {text(f.label)}
            {count(f.value) !== null && ` (${count(f.value)})`}
          </button>
        ))}
      </div>
      <OfflineCopy copy={copy}>
        <LoadedList
          items={shown}
          error={error}
          skeletons={3}
          empty={{
            title: text('favourites.empty.title'),
            text: text('favourites.empty.text'),
            action: searchProperties(),
          }}
        >
          {(favourites) => (
            <div className="property-grid">
              {favourites.map((f) => (
                <FavouriteItem key={f.listingId} favourite={f} />
              ))}
            </div>
          )}
        </LoadedList>
      </OfflineCopy>
    </>
  );
};

export default function FavouritesPage() {
  return <GuardedIsland>{() => <Favourites />}</GuardedIsland>;
}

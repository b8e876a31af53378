import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import type { ApiResponse } from '@rentals/core/contract/routes';
import type { Favourite, FavouriteFilter } from '../lib/types.ts';
import { $favourites, loadFavourites, setFavourite } from '../stores/favourites.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { LoadedList, searchProperties } from '../components/react/EmptyState.tsx';
import { PropertyCard } from '../components/react/PropertyCard.tsx';
import { PageHeader } from '../components/react/PageHeader.tsx';

type Loaded = ApiResponse<'GET /favourites'>;

const FILTERS: { value: FavouriteFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'available', label: 'Available' },
  { value: 'unavailable', label: 'No longer available' },
];

/** A favourite whose listing was deleted: its last title and place, and a way to remove it. */
const GoneCard = ({ favourite }: { favourite: Favourite }) => (
  <article className="card favourite-gone" data-testid="favourite-gone">
    <span className="badge badge-unavailable">No longer available</span>
    <h3>{favourite.title}</h3>
    <p className="muted">
      {favourite.area}, {favourite.city}
    </p>
    <button
      type="button"
      className="button button-small"
      onClick={() => void setFavourite(favourite.listingId, false)}
    >
      Remove from favourites
    </button>
  </article>
);

const FavouriteItem = ({ favourite }: { favourite: Favourite }) => {
  if (!favourite.property) return <GoneCard favourite={favourite} />;
  return (
    <div className="favourite-item" data-testid="favourite-item">
      {!favourite.available && (
        <span className="badge badge-unavailable" data-testid="unavailable-badge">
          No longer available
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
  const hearts = useStore($favourites);

  useEffect(() => {
    void loadFavourites();
  }, []);
  useEffect(() => {
    setLoaded(null);
    setError(null);
    apiRoute('GET /favourites', { query: new URLSearchParams({ filter, limit: '50' }) })
      .then(setLoaded)
      .catch((e: unknown) => setError(describeError(e, 'Could not load your favourites.')));
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
      <PageHeader
        title="Favourites"
        intro="Homes you saved. Ones that are delisted or removed stay here, marked no longer available."
      />
      <div className="filter-tabs" role="group" aria-label="Show">
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            className={`button button-small ${filter === f.value ? 'button-primary' : ''}`}
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
          >
            {f.label}
            {count(f.value) !== null && ` (${count(f.value)})`}
          </button>
        ))}
      </div>
      <LoadedList
        items={shown}
        error={error}
        skeletons={3}
        empty={{
          title: 'No favourites here yet',
          text: 'Tap the heart on a home to keep it here.',
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
    </>
  );
};

export default function FavouritesPage() {
  return <GuardedIsland>{() => <Favourites />}</GuardedIsland>;
}

import { useState } from 'react';
import { searchPlaces, type GeocodeResult } from '../geocode.ts';
import { onEnter, TabPanel } from './tabs.tsx';

/** A place by name or PIN code through our geocoder; picking one selects it with its name. */
export const SearchTab = ({
  shown,
  onPick,
}: {
  shown: boolean;
  onPick: (place: GeocodeResult) => void;
}) => {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[] | null>(null);
  const [searching, setSearching] = useState(false);

  const search = async () => {
    if (query.trim() === '') return;
    setSearching(true);
    try {
      setResults(await searchPlaces(query.trim()));
    } catch {
      setResults(null);
      window.alert('Error searching for location. Please try again.');
    } finally {
      setSearching(false);
    }
  };

  return (
    <TabPanel id="search" shown={shown}>
      <div className="map-picker-search" role="search">
        <label className="visually-hidden" htmlFor="map-picker-query">
          Search for a place
        </label>
        <input
          id="map-picker-query"
          type="search"
          value={query}
          placeholder="Locality, city or PIN code"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onEnter(() => void search())}
        />
        <button
          type="button"
          className="button button-primary"
          disabled={searching}
          onClick={() => void search()}
        >
          {searching ? 'Searching…' : 'Search'}
        </button>
      </div>
      {results && results.length === 0 && <p className="muted">No places found.</p>}
      {results && results.length > 0 && (
        <ul className="map-picker-results">
          {results.map((r) => (
            <li key={`${r.lat},${r.lon},${r.display_name}`}>
              <button type="button" className="link-button" onClick={() => onPick(r)}>
                {r.display_name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </TabPanel>
  );
};

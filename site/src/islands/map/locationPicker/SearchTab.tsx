import { useState } from 'react';
import { searchPlaces, type GeocodeResult } from '../geocode.ts';
import { useBusy } from '../../../components/react/useBusy.ts';
import { onEnter, TabPanel } from './tabs.tsx';
import { BusyButton } from '../../../components/react/BusyButton.tsx';

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
  const { busy: searching, run } = useBusy();

  const search = async () => {
    if (query.trim() === '') return;
    await run(
      async () => setResults(await searchPlaces(query.trim())),
      () => {
        setResults(null);
        window.alert('Error searching for location. Please try again.');
      },
    );
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
        <BusyButton
          className="button button-primary"
          busy={searching}
          busyLabel="Searching…"
          onClick={() => void search()}
        >
          Search
        </BusyButton>
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

import { useState } from 'react';
import { searchPlaces, type GeocodeResult } from '../geocode.ts';
import { useBusy } from '../../../components/react/useBusy.ts';
import { onEnter, TabPanel } from './tabs.tsx';
import { BusyButton } from '../../../components/react/BusyButton.tsx';
import { text } from '../../../lib/i18n.ts';

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
        window.alert(text('propertyForm.picker.searchFailed'));
      },
    );
  };

  return (
    <TabPanel id="search" shown={shown}>
      <div className="map-picker-search" role="search">
        <label className="visually-hidden" htmlFor="map-picker-query">
          {text('propertyForm.picker.searchLabel')}
        </label>
        <input
          id="map-picker-query"
          type="search"
          value={query}
          placeholder={text('propertyForm.picker.searchPlaceholder')}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onEnter(() => void search())}
        />
        <BusyButton
          className="button button-primary"
          busy={searching}
          busyLabel={text('propertyForm.picker.searching')}
          onClick={() => void search()}
        >
          {text('propertyForm.picker.search')}
        </BusyButton>
      </div>
      {results && results.length === 0 && (
        <p className="muted">{text('propertyForm.picker.noPlaces')}</p>
      )}
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

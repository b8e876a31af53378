import { useState } from 'react';
import { parseManualCoordinates } from '../../../map/manualCoordinates.ts';
import type { LatLng } from '../../../map/types.ts';
import { onEnter, TabPanel } from './tabs.tsx';
import { Alert } from '../../../components/react/Alert.tsx';

const FIELDS = [
  { key: 'latitude', id: 'map-picker-lat', label: 'Latitude' },
  { key: 'longitude', id: 'map-picker-lng', label: 'Longitude' },
] as const;

/** Typed coordinates, checked with SPEC §5's messages. */
export const ManualTab = ({
  shown,
  initial,
  onSet,
}: {
  shown: boolean;
  initial: LatLng | undefined;
  onSet: (at: LatLng) => void;
}) => {
  const [typed, setTyped] = useState({
    latitude: initial ? String(initial.latitude) : '',
    longitude: initial ? String(initial.longitude) : '',
  });
  const [error, setError] = useState<string | null>(null);

  const set = () => {
    const parsed = parseManualCoordinates(typed.latitude, typed.longitude);
    if (!parsed.ok) {
      setError(parsed.message);
      return;
    }
    setError(null);
    onSet(parsed);
  };

  return (
    <TabPanel id="manual" shown={shown}>
      <div className="map-picker-manual">
        {FIELDS.map((f) => (
          <div className="field" key={f.key}>
            <label htmlFor={f.id}>{f.label}</label>
            <input
              id={f.id}
              inputMode="decimal"
              value={typed[f.key]}
              onChange={(e) => setTyped({ ...typed, [f.key]: e.target.value })}
              onKeyDown={onEnter(set)}
            />
          </div>
        ))}
        <button type="button" className="button" onClick={set}>
          Set Location
        </button>
      </div>
      <Alert className="field-error" message={error} />
    </TabPanel>
  );
};

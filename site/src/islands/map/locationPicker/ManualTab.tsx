import { useState } from 'react';
import { parseManualCoordinates } from '../../../map/manualCoordinates.ts';
import type { LatLng } from '../../../map/types.ts';
import { onEnter, TabPanel } from './tabs.tsx';
import { Alert } from '../../../components/react/Alert.tsx';
import { text } from '../../../lib/i18n.ts';

const FIELDS = [
  { key: 'latitude', id: 'map-picker-lat', label: 'propertyForm.picker.latitude' },
  { key: 'longitude', id: 'map-picker-lng', label: 'propertyForm.picker.longitude' },
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
            <label htmlFor={f.id}>{text(f.label)}</label>
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
          {text('propertyForm.picker.set')}
        </button>
      </div>
      <Alert className="field-error" message={error} />
    </TabPanel>
  );
};

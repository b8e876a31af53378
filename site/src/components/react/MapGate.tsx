import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { text } from '../../lib/i18n.ts';
import { $dataSaver } from '../../stores/dataSaver.ts';

/**
 * With the data saver on, a map (its code, style and tiles) loads only once asked for; the
 * children are not even rendered until then, so nothing of the map is fetched.
 */
export const MapGate = ({ children }: { children: ReactNode }) => {
  const saving = useStore($dataSaver);
  const [asked, setAsked] = useState(false);
  if (!saving || asked) return children;
  return (
    <div className="map-held" data-testid="map-held">
      <p className="muted">{text('common.dataSaver.mapHeld')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setAsked(true)}>
        {text('common.dataSaver.showMap')}
      </button>
    </div>
  );
};

import { useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { text } from '../../lib/i18n.ts';
import { $dataSaver } from '../../stores/dataSaver.ts';
import { WhenNear } from './WhenNear.tsx';

/**
 * How near the viewport a map below the fold starts loading: just before it shows. Earlier (a
 * screen ahead) put a listing's map, under its photos and details on a phone, inside the margin
 * at once, and MapLibre's start-up back into the page's first seconds (bench:lighthouse).
 */
const NEAR = '100px 0px';

/**
 * With the data saver on, a map (its code, style and tiles) loads only once asked for; the
 * children are not even rendered until then, so nothing of the map is fetched. `whenNear`: a
 * map down the page also waits until it is scrolled near.
 */
export const MapGate = ({
  children,
  whenNear = false,
}: {
  children: ReactNode;
  whenNear?: boolean;
}) => {
  const saving = useStore($dataSaver);
  const [asked, setAsked] = useState(false);
  if (!saving || asked)
    return whenNear ? (
      <WhenNear margin={NEAR} className="map-pending" testId="map-pending">
        {children}
      </WhenNear>
    ) : (
      children
    );
  return (
    <div className="map-held" data-testid="map-held">
      <p className="muted">{text('common.dataSaver.mapHeld')}</p>
      <button type="button" className="btn btn-secondary" onClick={() => setAsked(true)}>
        {text('common.dataSaver.showMap')}
      </button>
    </div>
  );
};

import { lazy, Suspense } from 'react';
import { MapGate } from '../../components/react/MapGate.tsx';
import { Spinner } from '../../components/react/Spinner.tsx';
import { text } from '../../lib/i18n.ts';

// MapLibre is fetched only when the map comes near the screen.
const DetailMap = lazy(() => import('../map/DetailMap.tsx'));

type Props = { latitude: number; longitude: number; title: string };

/**
 * The listing's map behind the data saver's gate, made once it comes near the
 * screen. Loaded by LocationCard after the page is up: the gate and the map
 * are below the fold, so the first load carries neither.
 */
export default function LocationMap(props: Props) {
  return (
    <MapGate whenNear>
      <Suspense fallback={<Spinner label={text('detail.loadingMap')} />}>
        <DetailMap {...props} />
      </Suspense>
    </MapGate>
  );
}

import { lazy, Suspense } from 'react';
import type { Filters } from '../../lib/filters.ts';
import type { Property, PublicProperty } from '../../lib/types.ts';
import { Spinner } from './Spinner.tsx';
import { MapGate } from './MapGate.tsx';
import { text } from '../../lib/i18n.ts';

type ListingsMapProps = {
  /** The map searches every match of these filters in its viewport (GET /api/properties/map). */
  filters: Filters;
  visitor: boolean;
  /** The page's loaded listings: their popups show photo, title and place. */
  properties?: (Property | PublicProperty)[];
  onSearchArea?: (bbox: [number, number, number, number]) => void;
};

// MapLibre (~430 KB) is fetched only when the map view is opened.
const ListingsMap = lazy(() => import('../../islands/map/ListingsMap.tsx'));

export const MapPanel = (props: ListingsMapProps) => (
  <MapGate>
    <Suspense fallback={<Spinner label={text('map.loading')} />}>
      <ListingsMap {...props} />
    </Suspense>
  </MapGate>
);

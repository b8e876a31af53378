import { Suspense } from 'react';
import type { Property, PublicProperty } from '../../lib/types.ts';
import { lazyMap } from './mapModules.tsx';
import { Spinner } from './Spinner.tsx';

type ListingsMapProps = {
  properties: (Property | PublicProperty)[];
  visitor: boolean;
  onSearchArea?: (bbox: [number, number, number, number]) => void;
};

// MapLibre (~430 KB) is fetched only when the map view is opened.
const ListingsMap = lazyMap<ListingsMapProps>('ListingsMap');

export const MapPanel = (props: ListingsMapProps) => (
  <Suspense fallback={<Spinner label="Loading map" />}>
    <ListingsMap {...props} />
  </Suspense>
);

import { useStore } from '@nanostores/react';
import { count } from '@rentals/core/ui/plural';
import { format } from '../../lib/i18nFormat.ts';
import { $mapSearch } from '../../stores/mapSearch.ts';

/** In map view: how many of the search's matches the map's viewport holds. */
export const MapCount = ({ total }: { total: number }) => {
  const search = useStore($mapSearch);
  if (search.status !== 'ready') return null;
  return (
    <span className="muted" data-testid="map-count" style={{ fontWeight: 400 }}>
      {format('results.mapCount', { shown: count(search.answer.total), total: count(total) })}
    </span>
  );
};

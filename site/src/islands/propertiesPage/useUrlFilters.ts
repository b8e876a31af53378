import { useEffect, useState } from 'react';
import { filtersFromSearch, type Filters } from '../../lib/filters.ts';
import { drawnAreaOf } from '../../lib/drawnArea.ts';
import { setViewMode } from '../../stores/viewMode.ts';
import { setDrawnArea } from '../../stores/drawnArea.ts';

/**
 * The filters of the URL, which only exists in the browser (the page is pre-rendered): null
 * until read. A saved search with a map area opens on the map (view=map&bbox=…; the map reads
 * the area); one with a drawn area (view=map&polygon=…) puts it in force for list and map.
 */
export const useUrlFilters = () => {
  const [filters, setFilters] = useState<Filters | null>(null);
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('view') === 'map') setViewMode('map');
    const opened = drawnAreaOf(window.location.search);
    if (opened) setDrawnArea(opened);
    setFilters(filtersFromSearch(window.location.search));
  }, []);
  return filters;
};

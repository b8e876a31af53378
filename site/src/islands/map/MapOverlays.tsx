import type { MapSearchState } from '../../stores/mapSearch.ts';
import { LEGEND } from '../../map/markers.ts';

/** Why the map shows nothing: it failed, its search failed, or nothing matched (here). */
export const MapMessages = ({
  failed,
  search,
  moved,
  loadedCount,
}: {
  failed: boolean;
  search: MapSearchState;
  moved: boolean;
  loadedCount: number;
}) => {
  const empty = search.status === 'ready' && search.answer.total === 0;
  return (
    <>
      {failed && (
        <p className="map-overlay alert alert-error" role="alert">
          The map could not be loaded. Please try again.
        </p>
      )}
      {search.status === 'error' && (
        <p className="map-overlay alert alert-error" role="alert">
          {search.message}
        </p>
      )}
      {empty && !moved && loadedCount > 0 && (
        <div className="map-overlay map-empty" role="status">
          <strong>No Properties on Map</strong> – Properties need coordinates to be displayed on the
          map
        </div>
      )}
      {empty && (moved || loadedCount === 0) && (
        <div className="map-overlay map-empty" role="status">
          <strong>No Properties Found</strong>
          <p className="muted" style={{ margin: 0 }}>
            Try adjusting your search criteria
          </p>
        </div>
      )}
    </>
  );
};

export const MapLegend = ({ legendRef }: { legendRef: React.Ref<HTMLUListElement> }) => (
  <ul className="map-legend" aria-label="Legend" ref={legendRef}>
    {LEGEND.map((item) => (
      <li key={item.label}>
        <span className="map-legend-dot" style={{ background: item.colour }} aria-hidden="true" />
        {item.label}
      </li>
    ))}
  </ul>
);

import type { MapSearchState } from '../../stores/mapSearch.ts';
import { LEGEND } from '../../map/markers.ts';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { text } from '../../lib/i18n.ts';
import { formatRich } from '../../lib/i18nFormat.ts';

// The legend's words by its labels (map/markers.ts keeps the colours).
const LEGEND_TEXT: Record<string, MessageId> = {
  Flat: 'map.legend.flat',
  PG: 'map.legend.pg',
  House: 'map.legend.house',
  Other: 'map.legend.other',
};

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
          {text('map.failed')}
        </p>
      )}
      {search.status === 'error' && (
        <p className="map-overlay alert alert-error" role="alert">
          {search.message}
        </p>
      )}
      {empty && !moved && loadedCount > 0 && (
        <div className="map-overlay map-empty" role="status">
          {richNodes(
            formatRich<React.ReactNode>('map.noCoordinates', {
              b: (chunks) => <strong>{chunks}</strong>,
            }),
          )}
        </div>
      )}
      {empty && (moved || loadedCount === 0) && (
        <div className="map-overlay map-empty" role="status">
          <strong>{text('map.noneFound')}</strong>
          <p className="muted" style={{ margin: 0 }}>
            {text('map.tryAdjusting')}
          </p>
        </div>
      )}
    </>
  );
};

export const MapLegend = ({ legendRef }: { legendRef: React.Ref<HTMLUListElement> }) => (
  <ul className="map-legend" aria-label={text('map.legend')} ref={legendRef}>
    {LEGEND.map((item) => (
      <li key={item.label}>
        <span className="map-legend-dot" style={{ background: item.colour }} aria-hidden="true" />
        {LEGEND_TEXT[item.label] ? text(LEGEND_TEXT[item.label]!) : item.label}
      </li>
    ))}
  </ul>
);

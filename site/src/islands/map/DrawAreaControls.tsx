import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import type { DrawnArea } from '../../lib/drawnArea.ts';

type Props = {
  /** The corners so far while drawing; null when not drawing. */
  points: DrawnArea | null;
  /** Whether an area is in force (the list and the map search within it). */
  drawn: boolean;
  onStart: () => void;
  onUndo: () => void;
  onCancel: () => void;
  onFinish: (points: DrawnArea) => void;
  onClear: () => void;
};

/** 'Draw an area' and, while drawing, what to do next; with an area in force, clearing it. */
export const DrawAreaControls = ({
  points,
  drawn,
  onStart,
  onUndo,
  onCancel,
  onFinish,
  onClear,
}: Props) => {
  if (!points)
    return (
      <div className="map-draw" role="group" aria-label={text('map.draw.group')}>
        <button type="button" className="button button-small" onClick={onStart}>
          {text(drawn ? 'map.draw.redraw' : 'map.draw.start')}
        </button>
        {drawn && (
          <button type="button" className="button button-small" onClick={onClear}>
            {text('map.draw.clear')}
          </button>
        )}
      </div>
    );
  const left = Math.max(0, 3 - points.length);
  return (
    <div className="map-draw map-draw-active" role="group" aria-label={text('map.draw.drawing')}>
      <p role="status" data-testid="draw-status">
        {left > 0
          ? format('map.draw.left', { left })
          : format('map.draw.corners', { corners: points.length })}
      </p>
      <button
        type="button"
        className="button button-primary button-small"
        disabled={left > 0}
        onClick={() => onFinish(points)}
      >
        {text('map.draw.finish')}
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={points.length === 0}
        onClick={onUndo}
      >
        {text('map.draw.undo')}
      </button>
      <button type="button" className="link-button" onClick={onCancel}>
        {text('map.draw.cancel')}
      </button>
    </div>
  );
};

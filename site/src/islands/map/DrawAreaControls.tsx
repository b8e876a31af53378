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
      <div className="map-draw" role="group" aria-label="Drawn area">
        <button type="button" className="button button-small" onClick={onStart}>
          {drawn ? 'Redraw area' : 'Draw an area'}
        </button>
        {drawn && (
          <button type="button" className="button button-small" onClick={onClear}>
            Clear area
          </button>
        )}
      </div>
    );
  const left = Math.max(0, 3 - points.length);
  return (
    <div className="map-draw map-draw-active" role="group" aria-label="Drawing an area">
      <p role="status" data-testid="draw-status">
        {left > 0
          ? `Click the map to mark the area's corners (${left} more to go)`
          : `${points.length} corners: finish, or click to add more`}
      </p>
      <button
        type="button"
        className="button button-primary button-small"
        disabled={left > 0}
        onClick={() => onFinish(points)}
      >
        Finish area
      </button>
      <button
        type="button"
        className="button button-small"
        disabled={points.length === 0}
        onClick={onUndo}
      >
        Undo
      </button>
      <button type="button" className="link-button" onClick={onCancel}>
        Cancel
      </button>
    </div>
  );
};

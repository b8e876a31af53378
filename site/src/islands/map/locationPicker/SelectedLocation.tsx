import { formatCoordinates } from '../../../map/distance.ts';
import type { LocationSelection } from './useSelection.ts';

/** What Confirm will hand back: the address (while it is looked up, a note) and the coordinates. */
export const SelectedLocation = ({
  selection,
  resolving,
}: {
  selection: LocationSelection | null;
  resolving: boolean;
}) => (
  <div className="map-picker-summary" aria-live="polite" data-testid="selected-location">
    {selection ? (
      <>
        <strong>Selected Location</strong>
        <div>{resolving ? 'Finding the address…' : selection.address}</div>
        <div className="muted">{formatCoordinates(selection)}</div>
      </>
    ) : (
      <span className="muted">No location selected yet.</span>
    )}
  </div>
);

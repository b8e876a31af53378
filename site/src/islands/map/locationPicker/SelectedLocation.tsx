import { formatCoordinates } from '../../../map/distance.ts';
import { text } from '../../../lib/i18n.ts';
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
        <strong>{text('propertyForm.picker.selected')}</strong>
        <div>{resolving ? text('propertyForm.picker.finding') : selection.address}</div>
        <div className="muted">{formatCoordinates(selection)}</div>
      </>
    ) : (
      <span className="muted">{text('propertyForm.picker.none')}</span>
    )}
  </div>
);

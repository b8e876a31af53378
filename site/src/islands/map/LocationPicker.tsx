import { useState } from 'react';
import { PICKER_ZOOM } from '../../map/constants.ts';
import { GEO_MESSAGES, grantedPosition } from '../../map/geolocation.ts';
import { FORM_POSITION_OPTIONS } from '../../map/positionOptions.ts';
import { pickerOpening } from '../../map/pickerOpening.ts';
import type { LatLng } from '../../map/types.ts';
import { searchPlaces } from './geocode.ts';
import { ManualTab } from './locationPicker/ManualTab.tsx';
import { MapTab } from './locationPicker/MapTab.tsx';
import { PickerDialog } from './locationPicker/PickerDialog.tsx';
import { SearchTab } from './locationPicker/SearchTab.tsx';
import { SelectedLocation } from './locationPicker/SelectedLocation.tsx';
import { TabList, type Tab } from './locationPicker/tabs.tsx';
import { useSelection, type LocationSelection } from './locationPicker/useSelection.ts';
import { useDeviceLocation } from '../../components/react/useDeviceLocation.ts';
import { useMaplibre } from './useMaplibre.ts';
import { Alert } from '../../components/react/Alert.tsx';

type Props = {
  open: boolean;
  initial?: LatLng & { address?: string };
  /** The city typed in the form: without a point yet, the map opens on it. */
  city?: string;
  onConfirm: (selection: LocationSelection) => void;
  onClose: () => void;
};

/**
 * 'Select Property Location' (SPEC §2, add/edit form): pick the point on the
 * map, find it by name or PIN through our geocoder, or type the coordinates.
 * Whichever way it is chosen, the map flies there and the pin follows.
 */
export default function LocationPicker({ open, initial, city, onConfirm, onClose }: Props) {
  const [tab, setTab] = useState<Tab>('map');
  const { selection, resolving, choose } = useSelection(initial);
  // Created per opening of the dialog: at the selection, else the form's city, the user's position, or India.
  const { container, map } = useMaplibre({
    view: () =>
      pickerOpening(
        { initial: selection ?? undefined, city },
        { findPlace: async (query) => (await searchPlaces(query))[0], grantedPosition },
      ),
    active: open,
  });

  const flyTo = ({ latitude, longitude }: LatLng) =>
    map?.flyTo({ center: [longitude, latitude], zoom: Math.max(map.getZoom(), PICKER_ZOOM) });
  /** Chosen away from the map (search, typed, the device): show it there too. */
  const goTo = (at: LatLng, address?: string) => {
    flyTo(at);
    return choose(at.latitude, at.longitude, address);
  };
  const device = useDeviceLocation(
    FORM_POSITION_OPTIONS,
    (at) => void goTo(at),
    // Only a missing API keeps its own message; every other failure gets the picker's.
    (failure) =>
      failure.message === GEO_MESSAGES.unsupported ? failure.message : GEO_MESSAGES.picker,
  );

  if (!open) return null;
  return (
    <PickerDialog onClose={onClose}>
      <div className="map-picker-bar">
        <TabList tab={tab} onChange={setTab} />
        <button
          type="button"
          className="button button-small"
          onClick={() => void device.locate()}
          disabled={device.locating}
        >
          {device.locating ? 'Locating…' : 'Get Current Location'}
        </button>
      </div>
      <Alert className="field-error" message={device.error} />
      <MapTab
        shown={tab === 'map'}
        container={container}
        map={map}
        selection={selection}
        onChoose={(latitude, longitude) => void choose(latitude, longitude)}
      />
      <SearchTab
        shown={tab === 'search'}
        onPick={(place) =>
          void goTo({ latitude: place.lat, longitude: place.lon }, place.display_name)
        }
      />
      <ManualTab shown={tab === 'manual'} initial={initial} onSet={(at) => void goTo(at)} />
      <SelectedLocation selection={selection} resolving={resolving} />
      <div className="dialog-actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-primary"
          disabled={!selection || resolving}
          onClick={() => {
            if (!selection) return;
            onConfirm(selection);
            onClose();
          }}
        >
          Confirm Location
        </button>
      </div>
    </PickerDialog>
  );
}

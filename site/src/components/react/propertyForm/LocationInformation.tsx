import { useStore } from '@nanostores/react';
import { lazy, Suspense, useState } from 'react';
import { cleanPinCode } from '../../../lib/validation.ts';
import { FORM_POSITION_OPTIONS } from '../../../map/positionOptions.ts';
import { useDeviceLocation } from '../useDeviceLocation.ts';
import { text } from '../../../lib/i18n.ts';
import { Checkbox, InputField } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';
import { Alert } from '../Alert.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';

// MapLibre is fetched only when the picker is opened.
const LocationPicker = lazy(() => import('../../../islands/map/LocationPicker.tsx'));

/** The form's coordinates when both are numbers, else undefined. */
const coordinatesOf = (latitude: string, longitude: string) => {
  const lat = Number(latitude);
  const lng = Number(longitude);
  return latitude.trim() !== '' &&
    longitude.trim() !== '' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng)
    ? { latitude: lat, longitude: lng }
    : undefined;
};

/** City, locality, pin code and address; the point from the map picker, the device or typed in. */
export const LocationInformation = ({ form }: { form: PropertyFormStore }) => {
  const { city, latitude, longitude, showOnMap } = useStore(form.$values);
  const [pickerOpen, setPickerOpen] = useState(false);
  const coordinates = coordinatesOf(latitude, longitude);
  const device = useDeviceLocation(
    FORM_POSITION_OPTIONS,
    (at) => form.setCoordinates(at.latitude, at.longitude),
    // GEO_MESSAGES.form's text, without loading the asking (geolocation.ts) before the button is pressed.
    () => text('location.form'),
  );

  return (
    <section className="card form-section">
      <h2>{text('propertyForm.location')}</h2>
      <div className="grid-2">
        <InputField
          form={form}
          name="city"
          label={text('propertyForm.city')}
          autoComplete="address-level2"
        />
        <InputField form={form} name="area" label={text('propertyForm.area')} />
        <InputField
          form={form}
          name="pinCode"
          label={text('propertyForm.pinCode')}
          inputMode="numeric"
          autoComplete="postal-code"
          clean={cleanPinCode}
        />
      </div>
      <InputField
        form={form}
        name="address"
        label={text('propertyForm.address')}
        autoComplete="street-address"
      />
      <div className="grid-2">
        <InputField
          form={form}
          name="latitude"
          label={text('propertyForm.latitude')}
          inputMode="decimal"
        />
        <InputField
          form={form}
          name="longitude"
          label={text('propertyForm.longitude')}
          inputMode="decimal"
        />
      </div>
      <div className="card-actions" style={{ marginBottom: '0.75rem' }}>
        <button type="button" className="button" onClick={() => setPickerOpen(true)}>
          <Icon name="pin" /> {text('propertyForm.selectOnMap')}
        </button>
        <button type="button" className="button" onClick={() => void device.locate()}>
          <Icon name="locate" /> {text('propertyForm.useCurrentLocation')}
        </button>
        {coordinates && (
          <button type="button" className="button" onClick={form.clearCoordinates}>
            {text('propertyForm.clearLocation')}
          </button>
        )}
      </div>
      <Alert className="field-error" message={device.error} />
      <Checkbox
        label={text('propertyForm.showOnMap')}
        checked={showOnMap}
        onChange={(on) => form.setField('showOnMap', on)}
      />
      {pickerOpen && (
        <Suspense fallback={null}>
          <LocationPicker
            open={pickerOpen}
            initial={coordinates}
            city={city}
            onClose={() => setPickerOpen(false)}
            onConfirm={(picked) => {
              form.confirmLocation(picked);
              setPickerOpen(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
};

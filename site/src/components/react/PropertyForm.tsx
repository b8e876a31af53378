import { Suspense, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ApiError } from '../../lib/api.ts';
import {
  FORM_FACILITIES,
  NUMBER_FIELDS,
  fieldForServerPath,
  toFormData,
  valuesOf,
  type FormState,
  type NumberField,
} from '../../lib/propertyForm.ts';
import type { Property, PropertyImage } from '../../lib/types.ts';
import {
  LIMITS,
  cleanPinCode,
  validateProperty,
  type FieldErrors,
  type PropertyFormField,
} from '../../lib/validation.ts';
import { FACILITY_LABELS } from './facilityLabels.ts';
import { lazyMap } from './mapModules.tsx';
import { PhotoPicker } from './PhotoPicker.tsx';

type PickedLocation = { latitude: number; longitude: number; address: string };
const LocationPicker = lazyMap<{
  open: boolean;
  initial?: { latitude: number; longitude: number };
  onConfirm: (location: PickedLocation) => void;
  onClose: () => void;
}>('LocationPicker');

export type SubmitResult = { property: Property };

type Props = {
  mode: 'create' | 'edit';
  initial: FormState;
  existingImages?: PropertyImage[];
  /** Sends the body; throws ApiError on failure. */
  submit: (body: FormData) => Promise<SubmitResult>;
  onSuccess: (property: Property) => void;
  onFailure: (error: unknown) => void;
};

const NUMBER_LABELS: Record<NumberField, string> = {
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  areaSqft: 'Area (sq ft)',
  floor: 'Floor',
  totalFloors: 'Total Floors',
};

type Status =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success' }
  | { kind: 'failed'; messages: string[] };

/** 'Add New Property' / 'Edit Property' (SPEC §2, §4, §5, §8). */
export const PropertyForm = ({
  mode,
  initial,
  existingImages = [],
  submit,
  onSuccess,
  onFailure,
}: Props) => {
  const id = useId();
  const top = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<FormState>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [kept, setKept] = useState<PropertyImage[]>(existingImages);
  const [files, setFiles] = useState<File[]>([]);
  const [photoErrors, setPhotoErrors] = useState<string[]>([]);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [locationNote, setLocationNote] = useState('');

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));
  const fid = (field: string) => `${id}-${field}`;
  const described = (field: PropertyFormField) =>
    errors[field]
      ? { 'aria-invalid': true as const, 'aria-describedby': `${fid(field)}-error` }
      : {};
  const errorText = (field: PropertyFormField) =>
    errors[field] ? (
      <p className="field-error" id={`${fid(field)}-error`}>
        {errors[field]}
      </p>
    ) : null;
  const field = (name: PropertyFormField, label: string, control: ReactNode, extra?: ReactNode) => (
    <div className="field">
      <label htmlFor={fid(name)}>{label}</label>
      {control}
      {extra}
      {errorText(name)}
    </div>
  );
  const textInput = (
    name: 'title' | 'city' | 'area' | 'address',
    label: string,
    extra: Record<string, unknown> = {},
  ) =>
    field(
      name,
      label,
      <input
        id={fid(name)}
        name={name}
        value={state[name]}
        onChange={(e) => set(name, e.target.value)}
        {...described(name)}
        {...extra}
      />,
    );
  const counter = (length: number, max: number, warnAbove: number) => (
    <span className={`counter ${length > warnAbove ? 'counter-warn' : ''}`} aria-live="polite">
      {length}/{max}
    </span>
  );

  const fail = (messages: string[]) => {
    setStatus({ kind: 'failed', messages });
    top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    top.current?.focus();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProperty(valuesOf(state));
    setErrors(found);
    if (Object.keys(found).length > 0) {
      fail(Object.values(found));
      return;
    }
    setStatus({ kind: 'submitting' });
    const keepImages = mode === 'edit' ? kept.map((i) => ({ id: i.id ?? i._id ?? '' })) : undefined;
    try {
      const { property } = await submit(toFormData(state, files, keepImages));
      setStatus({ kind: 'success' });
      top.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      onSuccess(property);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length > 0) {
        const mapped: FieldErrors = {};
        const messages: string[] = [];
        for (const e of error.errors) {
          const target = fieldForServerPath(e.path ?? e.param ?? '');
          if (target && !mapped[target]) mapped[target] = e.msg;
          messages.push(e.msg);
        }
        setErrors(mapped);
        fail(messages);
      } else {
        const message =
          (error instanceof ApiError && error.message) ||
          (error instanceof Error && !(error instanceof ApiError) && error.message) ||
          'An unexpected error occurred. Please try again.';
        fail([message]);
      }
      onFailure(error);
    }
  };

  const useCurrentLocation = () => {
    const failed = () =>
      setLocationNote('Unable to get your current location. Please use the map to set location.');
    if (!('geolocation' in navigator)) return failed();
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setState((s) => ({
          ...s,
          latitude: pos.coords.latitude.toFixed(6),
          longitude: pos.coords.longitude.toFixed(6),
        }));
        setLocationNote('');
      },
      failed,
      { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 },
    );
  };

  const busy = status.kind === 'submitting' || status.kind === 'success';
  const lat = Number(state.latitude);
  const lng = Number(state.longitude);
  const hasCoords =
    state.latitude.trim() !== '' &&
    state.longitude.trim() !== '' &&
    Number.isFinite(lat) &&
    Number.isFinite(lng);

  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate aria-labelledby={`${id}-heading`}>
      <div ref={top} tabIndex={-1} style={{ outline: 'none' }}>
        <h1 id={`${id}-heading`}>{mode === 'create' ? 'Add New Property' : 'Edit Property'}</h1>
        {status.kind === 'success' && (
          <p className="alert alert-success" role="status">
            {mode === 'create'
              ? 'Property created successfully!'
              : 'Property updated successfully!'}
          </p>
        )}
        {status.kind === 'failed' && (
          <div className="alert alert-error" role="alert">
            <strong>There were errors with your submission</strong>
            <ul>
              {status.messages.map((m, i) => (
                <li key={`${i}-${m}`}>{m}</li>
              ))}
            </ul>
          </div>
        )}
      </div>

      <section className="card form-section">
        <h2>Basic Information</h2>
        {field(
          'title',
          'Property Title',
          <input
            id={fid('title')}
            name="title"
            value={state.title}
            maxLength={LIMITS.title.max}
            onChange={(e) => set('title', e.target.value)}
            placeholder="e.g. Spacious 2BHK near the metro"
            {...described('title')}
          />,
          counter(state.title.length, LIMITS.title.max, 90),
        )}
        {field(
          'description',
          'Description',
          <textarea
            id={fid('description')}
            name="description"
            value={state.description}
            maxLength={LIMITS.description.max}
            onChange={(e) => set('description', e.target.value)}
            {...described('description')}
          />,
          counter(state.description.length, LIMITS.description.max, 900),
        )}
        <div className="grid-2">
          {field(
            'propertyType',
            'Property Type',
            <select
              id={fid('propertyType')}
              name="propertyType"
              value={state.propertyType}
              onChange={(e) => set('propertyType', e.target.value)}
              {...described('propertyType')}
            >
              <option value="flat">Flat</option>
              <option value="house">House</option>
              <option value="PG">PG</option>
            </select>,
          )}
          {field(
            'rent',
            'Rent (₹)',
            <input
              id={fid('rent')}
              name="rent"
              type="number"
              min="0"
              inputMode="numeric"
              value={state.rent}
              onChange={(e) => set('rent', e.target.value)}
              onBlur={() => state.rent.trim() === '' && set('rent', '0')}
              {...described('rent')}
            />,
          )}
          {field(
            'rentType',
            'Rent Type',
            <select
              id={fid('rentType')}
              name="rentType"
              value={state.rentType}
              onChange={(e) => set('rentType', e.target.value)}
              {...described('rentType')}
            >
              <option value="monthly">Monthly</option>
              <option value="yearly">Yearly</option>
            </select>,
          )}
        </div>
      </section>

      <section className="card form-section">
        <h2>Location Information</h2>
        <div className="grid-2">
          {textInput('city', 'City', { autoComplete: 'address-level2' })}
          {textInput('area', 'Area / Locality')}
          {field(
            'pinCode',
            'Pin Code',
            <input
              id={fid('pinCode')}
              name="pinCode"
              inputMode="numeric"
              value={state.pinCode}
              onChange={(e) => set('pinCode', cleanPinCode(e.target.value))}
              autoComplete="postal-code"
              {...described('pinCode')}
            />,
          )}
        </div>
        {textInput('address', 'Full Address', { autoComplete: 'street-address' })}
        <div className="grid-2">
          {field(
            'latitude',
            'Latitude (optional)',
            <input
              id={fid('latitude')}
              name="latitude"
              inputMode="decimal"
              value={state.latitude}
              onChange={(e) => set('latitude', e.target.value)}
              {...described('latitude')}
            />,
          )}
          {field(
            'longitude',
            'Longitude (optional)',
            <input
              id={fid('longitude')}
              name="longitude"
              inputMode="decimal"
              value={state.longitude}
              onChange={(e) => set('longitude', e.target.value)}
              {...described('longitude')}
            />,
          )}
        </div>
        <div className="card-actions" style={{ marginBottom: '0.75rem' }}>
          <button type="button" className="button" onClick={() => setPickerOpen(true)}>
            📍 Select on Map
          </button>
          <button type="button" className="button" onClick={useCurrentLocation}>
            🎯 Use Current Location
          </button>
          {hasCoords && (
            <button
              type="button"
              className="button"
              onClick={() => setState((s) => ({ ...s, latitude: '', longitude: '' }))}
            >
              Clear Location
            </button>
          )}
        </div>
        {locationNote && (
          <p className="field-error" role="alert">
            {locationNote}
          </p>
        )}
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.showOnMap}
            onChange={(e) => set('showOnMap', e.target.checked)}
          />{' '}
          Show this property on the map
        </label>
        {pickerOpen && (
          <Suspense fallback={null}>
            <LocationPicker
              open={pickerOpen}
              initial={hasCoords ? { latitude: lat, longitude: lng } : undefined}
              onClose={() => setPickerOpen(false)}
              onConfirm={(loc) => {
                setState((s) => ({
                  ...s,
                  latitude: loc.latitude.toFixed(6),
                  longitude: loc.longitude.toFixed(6),
                  address: s.address.trim() ? s.address : loc.address,
                }));
                setPickerOpen(false);
              }}
            />
          </Suspense>
        )}
      </section>

      <section className="card form-section">
        <h2>Property Details</h2>
        <div className="grid-2">
          {NUMBER_FIELDS.map((name) => (
            <div className="field" key={name}>
              <label htmlFor={fid(name)}>{NUMBER_LABELS[name]}</label>
              <input
                id={fid(name)}
                name={name}
                type="number"
                min="0"
                inputMode="numeric"
                value={state[name]}
                onChange={(e) => set(name, e.target.value)}
                onBlur={() => state[name].trim() === '' && set(name, '0')}
                {...described(name)}
              />
              {errorText(name)}
            </div>
          ))}
        </div>
      </section>

      <section className="card form-section">
        <h2>Available Facilities</h2>
        <div className="facility-grid">
          {FORM_FACILITIES.map((f) => (
            <label className="checkbox" key={f}>
              <input
                type="checkbox"
                name={f}
                checked={state.facilities[f]}
                onChange={(e) => set('facilities', { ...state.facilities, [f]: e.target.checked })}
              />{' '}
              {FACILITY_LABELS[f]}
            </label>
          ))}
        </div>
      </section>

      <section className="card form-section">
        <h2>Contact Preferences</h2>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.showPhone}
            onChange={(e) => set('showPhone', e.target.checked)}
          />{' '}
          Show my phone number
        </label>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={state.showEmail}
            onChange={(e) => set('showEmail', e.target.checked)}
          />{' '}
          Show my email address
        </label>
      </section>

      <section className="card form-section">
        <h2>Property Images</h2>
        <PhotoPicker
          existing={kept}
          onRemoveExisting={(img) => setKept((list) => list.filter((i) => i !== img))}
          files={files}
          onFilesChange={setFiles}
          errors={photoErrors}
          onErrors={setPhotoErrors}
        />
      </section>

      <div className="form-actions">
        <a className="button" href="/my-properties">
          Cancel
        </a>
        <button type="submit" className="button button-primary" disabled={busy}>
          {status.kind === 'submitting'
            ? mode === 'create'
              ? 'Creating Property...'
              : 'Updating Property...'
            : mode === 'create'
              ? 'Create Property'
              : 'Update Property'}
        </button>
      </div>
    </form>
  );
};

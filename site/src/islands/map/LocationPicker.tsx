import { Marker, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { INDIA_CENTER, PICKER_ZOOM } from '../../map/constants.ts';
import { formatCoordinates } from '../../map/distance.ts';
import { currentPosition, FORM_POSITION_OPTIONS, GEO_MESSAGES } from '../../map/geolocation.ts';
import { parseManualCoordinates } from '../../map/manualCoordinates.ts';
import { MARKER_COLOURS } from '../../map/markers.ts';
import { createMap } from './basemap.ts';
import { reverseGeocode, searchPlaces, type GeocodeResult } from './geocode.ts';

export type LocationSelection = { latitude: number; longitude: number; address: string };

type Props = {
  open: boolean;
  initial?: { latitude: number; longitude: number; address?: string };
  onConfirm: (selection: LocationSelection) => void;
  onClose: () => void;
};

type Tab = 'map' | 'search' | 'manual';
const TABS: { id: Tab; label: string }[] = [
  { id: 'map', label: 'Map' },
  { id: 'search', label: 'Search' },
  { id: 'manual', label: 'Manual' },
];

/**
 * 'Select Property Location' (SPEC §2, add/edit form): pick the point on the
 * map, find it by name or PIN through our geocoder, or type the coordinates.
 */
export default function LocationPicker({ open, initial, onConfirm, onClose }: Props) {
  const [tab, setTab] = useState<Tab>('map');
  const [selection, setSelection] = useState<LocationSelection | null>(
    initial
      ? {
          latitude: initial.latitude,
          longitude: initial.longitude,
          address: initial.address ?? formatCoordinates(initial),
        }
      : null,
  );
  const [resolving, setResolving] = useState(false);
  const [locating, setLocating] = useState(false);
  const [locateError, setLocateError] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<GeocodeResult[] | null>(null);
  const [searching, setSearching] = useState(false);
  const [manual, setManual] = useState({
    latitude: initial ? String(initial.latitude) : '',
    longitude: initial ? String(initial.longitude) : '',
  });
  const [manualError, setManualError] = useState<string | null>(null);
  const container = useRef<HTMLDivElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const marker = useRef<Marker | null>(null);
  const request = useRef(0);

  /** Sets the point at once and its address when the geocoder answers (the latest request wins). */
  const choose = async (latitude: number, longitude: number, address?: string) => {
    const ticket = ++request.current;
    setSelection({
      latitude,
      longitude,
      address: address ?? formatCoordinates({ latitude, longitude }),
    });
    if (address !== undefined) return;
    setResolving(true);
    const name = await reverseGeocode(latitude, longitude);
    if (ticket !== request.current) return;
    setSelection({ latitude, longitude, address: name });
    setResolving(false);
  };

  // The map: created when the modal opens, removed when it closes.
  useEffect(() => {
    const element = container.current;
    if (!open || !element) return;
    let live = true;
    let created: MapLibreMap | undefined;
    const start = selection ?? INDIA_CENTER;
    createMap(element, { center: start, zoom: PICKER_ZOOM })
      .then((m) => {
        if (!live) {
          m.remove();
          return;
        }
        created = m;
        m.on('click', (e: MapMouseEvent) => void choose(e.lngLat.lat, e.lngLat.lng));
        setMap(m);
      })
      .catch(() => setMap(null));
    return () => {
      live = false;
      marker.current?.remove();
      marker.current = null;
      created?.remove();
      setMap(null);
    };
    // Deliberately not re-run: recreated per opening only
  }, [open]);

  // The marker follows the selection; dragging it selects the new point.
  useEffect(() => {
    if (!map || !selection) return;
    if (!marker.current) {
      const pin = document.createElement('div');
      pin.className = 'map-marker';
      pin.style.setProperty('--marker-colour', MARKER_COLOURS.other);
      pin.setAttribute('role', 'img');
      pin.setAttribute('aria-label', 'Selected location');
      marker.current = new Marker({ element: pin, draggable: true })
        .setLngLat([selection.longitude, selection.latitude])
        .addTo(map);
      marker.current.on('dragend', () => {
        const at = marker.current?.getLngLat();
        if (at) void choose(at.lat, at.lng);
      });
    } else marker.current.setLngLat([selection.longitude, selection.latitude]);
    // Deliberately not re-run: choose is stable in effect
  }, [map, selection]);

  // A map in a hidden tab has no size and ignored camera moves: measure again and show the selection.
  useEffect(() => {
    if (tab !== 'map' || !map) return;
    map.resize();
    if (selection) map.jumpTo({ center: [selection.longitude, selection.latitude] });
    // Deliberately not on selection changes: only when the tab is shown.
  }, [tab, map]);

  useEffect(() => {
    if (!open) return;
    dialog.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);

  const flyTo = (latitude: number, longitude: number) =>
    map?.flyTo({ center: [longitude, latitude], zoom: Math.max(map.getZoom(), PICKER_ZOOM) });

  const currentLocation = async () => {
    setLocating(true);
    setLocateError(null);
    const result = await currentPosition(FORM_POSITION_OPTIONS);
    setLocating(false);
    if (!result.ok) {
      setLocateError(
        result.message === GEO_MESSAGES.unsupported ? result.message : GEO_MESSAGES.picker,
      );
      return;
    }
    flyTo(result.latitude, result.longitude);
    await choose(result.latitude, result.longitude);
  };

  const search = async () => {
    if (query.trim() === '') return;
    setSearching(true);
    try {
      setResults(await searchPlaces(query.trim()));
    } catch {
      setResults(null);
      window.alert('Error searching for location. Please try again.');
    } finally {
      setSearching(false);
    }
  };

  const pick = (r: GeocodeResult) => {
    void choose(r.lat, r.lon, r.display_name);
    flyTo(r.lat, r.lon);
  };

  const setManualLocation = () => {
    const parsed = parseManualCoordinates(manual.latitude, manual.longitude);
    if (!parsed.ok) {
      setManualError(parsed.message);
      return;
    }
    setManualError(null);
    flyTo(parsed.latitude, parsed.longitude);
    void choose(parsed.latitude, parsed.longitude);
  };

  /** Enter in a field acts as its button: the picker has no <form>, because it opens inside the property form. */
  const onEnter = (action: () => void) => (e: ReactKeyboardEvent) => {
    if (e.key !== 'Enter') return;
    e.preventDefault();
    action();
  };

  if (!open) return null;
  // A portal keeps the dialog out of the property form's DOM (no nested forms, no inherited layout).
  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={dialog}
        className="dialog map-picker"
        role="dialog"
        aria-modal="true"
        aria-labelledby="map-picker-title"
        tabIndex={-1}
      >
        <div className="row-between">
          <h2 id="map-picker-title">Select Property Location</h2>
          <button type="button" className="link-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="map-picker-bar">
          <div className="segmented" role="tablist" aria-label="How to choose the location">
            {TABS.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`map-picker-tab-${t.id}`}
                aria-selected={tab === t.id}
                aria-controls={`map-picker-panel-${t.id}`}
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
          <button
            type="button"
            className="button button-small"
            onClick={() => void currentLocation()}
            disabled={locating}
          >
            {locating ? 'Locating…' : 'Get Current Location'}
          </button>
        </div>
        {locateError && (
          <p className="field-error" role="alert">
            {locateError}
          </p>
        )}

        <div
          id="map-picker-panel-map"
          role="tabpanel"
          aria-labelledby="map-picker-tab-map"
          hidden={tab !== 'map'}
        >
          <p className="muted">Click the map or drag the pin to the property.</p>
          <div className="map-frame map-frame-picker">
            <div ref={container} className="map-canvas" data-testid="picker-map" />
          </div>
        </div>

        <div
          id="map-picker-panel-search"
          role="tabpanel"
          aria-labelledby="map-picker-tab-search"
          hidden={tab !== 'search'}
        >
          <div className="map-picker-search" role="search">
            <label className="visually-hidden" htmlFor="map-picker-query">
              Search for a place
            </label>
            <input
              id="map-picker-query"
              type="search"
              value={query}
              placeholder="Locality, city or PIN code"
              onChange={(e) => setQuery(e.target.value)}
              onKeyDown={onEnter(() => void search())}
            />
            <button
              type="button"
              className="button button-primary"
              disabled={searching}
              onClick={() => void search()}
            >
              {searching ? 'Searching…' : 'Search'}
            </button>
          </div>
          {results && results.length === 0 && <p className="muted">No places found.</p>}
          {results && results.length > 0 && (
            <ul className="map-picker-results">
              {results.map((r) => (
                <li key={`${r.lat},${r.lon},${r.display_name}`}>
                  <button type="button" className="link-button" onClick={() => pick(r)}>
                    {r.display_name}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div
          id="map-picker-panel-manual"
          role="tabpanel"
          aria-labelledby="map-picker-tab-manual"
          hidden={tab !== 'manual'}
        >
          <div className="map-picker-manual">
            <div className="field">
              <label htmlFor="map-picker-lat">Latitude</label>
              <input
                id="map-picker-lat"
                inputMode="decimal"
                value={manual.latitude}
                onChange={(e) => setManual({ ...manual, latitude: e.target.value })}
                onKeyDown={onEnter(setManualLocation)}
              />
            </div>
            <div className="field">
              <label htmlFor="map-picker-lng">Longitude</label>
              <input
                id="map-picker-lng"
                inputMode="decimal"
                value={manual.longitude}
                onChange={(e) => setManual({ ...manual, longitude: e.target.value })}
                onKeyDown={onEnter(setManualLocation)}
              />
            </div>
            <button type="button" className="button" onClick={setManualLocation}>
              Set Location
            </button>
          </div>
          {manualError && (
            <p className="field-error" role="alert">
              {manualError}
            </p>
          )}
        </div>

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
      </div>
    </div>,
    document.body,
  );
}

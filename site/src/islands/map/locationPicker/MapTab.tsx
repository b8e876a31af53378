import { Marker, type Map as MapLibreMap, type MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, type RefObject } from 'react';
import { MARKER_COLOURS } from '../../../map/markers.ts';
import type { LatLng } from '../../../map/types.ts';
import { text } from '../../../lib/i18n.ts';
import { TabPanel } from './tabs.tsx';

type Props = {
  shown: boolean;
  container: RefObject<HTMLDivElement | null>;
  map: MapLibreMap | null;
  selection: LatLng | null;
  onChoose: (latitude: number, longitude: number) => void;
};

const pinElement = () => {
  const pin = document.createElement('div');
  pin.className = 'map-picker-pin';
  pin.style.setProperty('--marker-colour', MARKER_COLOURS.other);
  pin.setAttribute('role', 'img');
  pin.setAttribute('aria-label', text('propertyForm.picker.pin'));
  return pin;
};

/** Click the map or drag the pin: the pin follows the selection, wherever it was made. */
export const MapTab = ({ shown, container, map, selection, onChoose }: Props) => {
  const marker = useRef<Marker | null>(null);
  // The handlers are registered once per map; they call whichever onChoose is current.
  const choose = useRef(onChoose);
  useEffect(() => {
    choose.current = onChoose;
  });

  useEffect(() => {
    if (!map) return;
    const onClick = (e: MapMouseEvent) => choose.current(e.lngLat.lat, e.lngLat.lng);
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
      marker.current?.remove();
      marker.current = null;
    };
  }, [map]);

  useEffect(() => {
    if (!map || !selection) return;
    const at: [number, number] = [selection.longitude, selection.latitude];
    if (marker.current) {
      marker.current.setLngLat(at);
      return;
    }
    marker.current = new Marker({ element: pinElement(), draggable: true })
      .setLngLat(at)
      .addTo(map);
    marker.current.on('dragend', () => {
      const dropped = marker.current?.getLngLat();
      if (dropped) choose.current(dropped.lat, dropped.lng);
    });
  }, [map, selection]);

  // A map in a hidden tab has no size and ignored camera moves: measure again and show the selection.
  useEffect(() => {
    if (!shown || !map) return;
    map.resize();
    if (selection) map.jumpTo({ center: [selection.longitude, selection.latitude] });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- not on selection changes: only when the tab is shown.
  }, [shown, map]);

  return (
    <TabPanel id="map" shown={shown}>
      <p className="muted">{text('propertyForm.picker.mapHint')}</p>
      <div className="map-frame map-frame-picker">
        <div ref={container} className="map-canvas" data-testid="picker-map" />
      </div>
    </TabPanel>
  );
};

import { Marker, Popup, type Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { DETAIL_ZOOM } from '../../map/constants.ts';
import { MARKER_COLOURS } from '../../map/markers.ts';
import { createMap } from './basemap.ts';
import { NavigationPanel } from './NavigationPanel.tsx';

type Props = { latitude: number; longitude: number; title: string };

/** The detail page's 'Location & Navigation' map (the page renders the heading): zoom 15, the listing's pin, the navigation panel. */
export default function DetailMap({ latitude, longitude, title }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<MapLibreMap | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let live = true;
    let created: MapLibreMap | undefined;
    createMap(element, { center: { latitude, longitude }, zoom: DETAIL_ZOOM })
      .then((m) => {
        if (!live) {
          m.remove();
          return;
        }
        created = m;
        const pin = document.createElement('div');
        pin.className = 'map-marker';
        pin.style.setProperty('--marker-colour', MARKER_COLOURS.other);
        pin.setAttribute('role', 'img');
        pin.setAttribute('aria-label', title);
        const popup = new Popup({ offset: 16 }).setText(title);
        new Marker({ element: pin }).setLngLat([longitude, latitude]).setPopup(popup).addTo(m);
        setMap(m);
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      created?.remove();
    };
  }, [latitude, longitude, title]);

  return (
    <div className="map-view">
      <div className="map-frame map-frame-detail">
        <div ref={container} className="map-canvas" data-testid="detail-map" />
        {failed && (
          <p className="map-overlay alert alert-error" role="alert">
            The map could not be loaded. Please try again.
          </p>
        )}
      </div>
      <NavigationPanel map={map} target={{ latitude, longitude, title }} />
    </div>
  );
}

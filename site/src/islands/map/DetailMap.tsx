import { Marker, Popup } from 'maplibre-gl';
import { useEffect } from 'react';
import { DETAIL_ZOOM } from '../../map/constants.ts';
import { MARKER_COLOURS } from '../../map/markers.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { useMaplibre } from './useMaplibre.ts';

type Props = { latitude: number; longitude: number; title: string };

/** The detail page's 'Location & Navigation' map (the page renders the heading): zoom 15, the listing's pin, the navigation panel. */
export default function DetailMap({ latitude, longitude, title }: Props) {
  const { container, map, failed } = useMaplibre({
    center: { latitude, longitude },
    zoom: DETAIL_ZOOM,
  });

  useEffect(() => {
    if (!map) return;
    map.jumpTo({ center: [longitude, latitude], zoom: DETAIL_ZOOM });
    const pin = document.createElement('div');
    pin.className = 'map-marker';
    pin.style.setProperty('--marker-colour', MARKER_COLOURS.other);
    pin.setAttribute('role', 'img');
    pin.setAttribute('aria-label', title);
    const popup = new Popup({ offset: 16 }).setText(title);
    const marker = new Marker({ element: pin })
      .setLngLat([longitude, latitude])
      .setPopup(popup)
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, latitude, longitude, title]);

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

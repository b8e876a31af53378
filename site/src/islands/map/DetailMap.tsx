import { useEffect } from 'react';
import { basemapZooms } from '../../map/style.ts';
import { whenStyleLoaded } from './basemap.ts';
import { showListingPin } from './listingPin.ts';
import { NavigationPanel } from './NavigationPanel.tsx';
import { useMaplibre } from './useMaplibre.ts';

type Props = { latitude: number; longitude: number; title: string };

/**
 * The detail page's 'Location & Navigation' map (the page renders the
 * heading): the listing's pin among the localities around it, and the
 * navigation panel. It opens at SPEC's street zoom on a street basemap and,
 * on ours without streets, where the neighbouring localities are in view.
 */
export default function DetailMap({ latitude, longitude, title }: Props) {
  const { container, map, failed } = useMaplibre({
    view: (basemap) => ({ center: { latitude, longitude }, zoom: basemapZooms(basemap).detail }),
  });

  useEffect(() => {
    if (!map) return;
    let current = true;
    map.jumpTo({ center: [longitude, latitude] });
    void whenStyleLoaded(map).then(() => {
      if (current) showListingPin(map, { latitude, longitude }, title);
    });
    return () => {
      current = false;
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

import type { Feature, Point } from 'geojson';
import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import {
  LISTING_PIN,
  listingPinLayers,
  MARKER_COLOURS,
  PIN_SIZE,
  pinLabelBefore,
} from '../../map/markers.ts';
import type { LatLng } from '../../map/types.ts';

/** Drawn at twice the CSS size, so the pin stays sharp on high-density screens. */
export const RATIO = 2;

/** A teardrop pin with a white rim and dot, drawn on a canvas (our basemap has no sprite sheet). */
export const pinImage = (colour: string): ImageData => {
  const canvas = document.createElement('canvas');
  canvas.width = PIN_SIZE.width * RATIO;
  canvas.height = PIN_SIZE.height * RATIO;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas to draw the pin');
  context.scale(RATIO, RATIO);
  const centre = { x: PIN_SIZE.width / 2, y: PIN_SIZE.width / 2 };
  const radius = PIN_SIZE.width / 2 - 2;
  const tip = { x: centre.x, y: PIN_SIZE.height - 1.5 };
  // The sides touch the head where they are tangent to it: at ±acos(r/d) from straight down.
  const spread = Math.acos(radius / (tip.y - centre.y));
  context.beginPath();
  context.moveTo(tip.x, tip.y);
  context.arc(centre.x, centre.y, radius, Math.PI / 2 + spread, Math.PI / 2 - spread);
  context.closePath();
  context.fillStyle = colour;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.beginPath();
  context.arc(centre.x, centre.y, radius / 2.5, 0, 2 * Math.PI);
  context.fillStyle = '#ffffff';
  context.fill();
  return context.getImageData(0, 0, canvas.width, canvas.height);
};

/** Puts the listing's pin and title on the map (see listingPinLayers), or moves them there. Needs the style loaded. */
export const showListingPin = (map: MapLibreMap, at: LatLng, title: string) => {
  const data: Feature<Point> = {
    type: 'Feature',
    properties: { title },
    geometry: { type: 'Point', coordinates: [at.longitude, at.latitude] },
  };
  const source = map.getSource<GeoJSONSource>(LISTING_PIN.source);
  if (source) {
    void source.setData(data);
    return;
  }
  if (!map.hasImage(LISTING_PIN.image))
    map.addImage(LISTING_PIN.image, pinImage(MARKER_COLOURS.other), { pixelRatio: RATIO });
  map.addSource(LISTING_PIN.source, { type: 'geojson', data });
  const { pin, label } = listingPinLayers();
  map.addLayer(label, pinLabelBefore(map.getStyle().layers));
  map.addLayer(pin);
};

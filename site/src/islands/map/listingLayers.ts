import type { FeatureCollection, Point } from 'geojson';
import type { ExpressionSpecification, GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { LOCALITIES_MAX_ZOOM } from '../../map/constants.ts';
import { MARKER_COLOURS } from '../../map/markers.ts';
import type { MapAnswer } from '../../stores/mapSearch.ts';
import { pinImage, RATIO } from './listingPin.ts';

/** The listings map's GeoJSON source: the map search's answer. */
export const SOURCE = 'listings';
/** The layer that draws single listings (pins) and the ones that draw groups. */
export const POINTS_LAYER = 'listing-points';
export const CLUSTERS_LAYER = 'listing-clusters';

export type Feature = { id?: string; type?: string; rent?: number; count: number };

/**
 * Points as single features (MapLibre clusters them where they crowd, as
 * before); server clusters as features carrying their `count`, which the
 * source sums when it groups them further.
 */
export const toFeatures = (answer: MapAnswer): FeatureCollection<Point, Feature> => ({
  type: 'FeatureCollection',
  features: answer.clustered
    ? answer.clusters.map((c) => ({
        type: 'Feature',
        properties: { count: c.count },
        geometry: { type: 'Point', coordinates: [c.lng, c.lat] },
      }))
    : answer.points.map((p) => ({
        type: 'Feature',
        properties: {
          id: p.id,
          type: p.type,
          count: 1,
          ...(p.rent === undefined ? {} : { rent: p.rent }),
        },
        geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
      })),
});

/** A group's count: MapLibre's clusters sum their features' counts into `total`. */
const COUNT: ExpressionSpecification = ['coalesce', ['get', 'total'], ['get', 'count']];
const IS_GROUP: ExpressionSpecification = [
  'any',
  ['has', 'point_count'],
  ['>', ['coalesce', ['get', 'count'], 1], 1],
];

const pinName = (colour: keyof typeof MARKER_COLOURS) => `listing-pin-${colour}`;

/** The pin image of a listing's type (SPEC §2 colours). */
const PIN_OF_TYPE: ExpressionSpecification = [
  'match',
  ['get', 'type'],
  'flat',
  pinName('flat'),
  'PG',
  pinName('PG'),
  'house',
  pinName('house'),
  pinName('other'),
];

/**
 * The answer's source and its layers: groups as counted circles, single
 * listings as pins in their type's colour. The pins are drawn by the map from
 * the source itself, so they show as soon as the style is parsed and the
 * answer is in, without waiting for the basemap's tiles; the DOM buttons
 * over them (useListingMarkers) make them reachable by keyboard.
 */
export const addListingLayers = (map: MapLibreMap, data: FeatureCollection) => {
  for (const colour of Object.keys(MARKER_COLOURS) as (keyof typeof MARKER_COLOURS)[])
    if (!map.hasImage(pinName(colour)))
      map.addImage(pinName(colour), pinImage(MARKER_COLOURS[colour]), { pixelRatio: RATIO });
  map.addSource(SOURCE, {
    type: 'geojson',
    data,
    cluster: true,
    clusterRadius: 48,
    // Below the map's deepest zoom (our basemap's is LOCALITIES_MAX_ZOOM), so every cluster can be opened.
    clusterMaxZoom: LOCALITIES_MAX_ZOOM - 1,
    clusterProperties: { total: ['+', ['get', 'count']] },
  });
  map.addLayer({
    id: CLUSTERS_LAYER,
    type: 'circle',
    source: SOURCE,
    filter: IS_GROUP,
    paint: {
      'circle-color': '#1d4ed8',
      'circle-opacity': 0.85,
      'circle-stroke-color': '#fff',
      'circle-stroke-width': 2,
      'circle-radius': ['step', COUNT, 16, 10, 20, 50, 26, 1000, 32],
    },
  });
  map.addLayer({
    id: 'listing-cluster-count',
    type: 'symbol',
    source: SOURCE,
    filter: IS_GROUP,
    layout: {
      'text-field': ['to-string', COUNT],
      'text-font': ['Noto Sans Bold'],
      'text-size': 12,
      'text-allow-overlap': true,
    },
    paint: { 'text-color': '#fff' },
  });
  map.addLayer({
    id: POINTS_LAYER,
    type: 'symbol',
    source: SOURCE,
    filter: ['!', IS_GROUP],
    layout: {
      'icon-image': PIN_OF_TYPE,
      'icon-anchor': 'bottom',
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  });
  // A MapLibre cluster opens at the zoom that splits it (as before); a server cluster, two zooms closer.
  map.on('click', CLUSTERS_LAYER, (e) => {
    const group = e.features?.[0];
    // While an area is being drawn, a click marks a corner (useAreaDrawing), wherever it lands.
    if (!group || map.getContainer().dataset.drawing) return;
    const at = (group.geometry as Point).coordinates as [number, number];
    const id = (group.properties as { cluster_id?: number }).cluster_id;
    if (id === undefined) {
      map.easeTo({ center: at, zoom: map.getZoom() + 2 });
      return;
    }
    void map
      .getSource<GeoJSONSource>(SOURCE)
      ?.getClusterExpansionZoom(id)
      .then((zoom) => map.easeTo({ center: at, zoom }));
  });
  map.on('mouseenter', CLUSTERS_LAYER, () => (map.getCanvas().style.cursor = 'pointer'));
  map.on('mouseleave', CLUSTERS_LAYER, () => (map.getCanvas().style.cursor = ''));
};

/**
 * What the browser needs to draw the map (GET /maps/basemap.json). File names
 * carry the build version, so the files themselves can be cached for a year
 * and only this small document is revalidated.
 */
export type BasemapInfo = {
  version: string;
  /** PMTiles archive URL (ours, or an operator's OSM extract). */
  pmtiles: string;
  /** 'india': our registry-built archive; 'protomaps': a Protomaps-schema OSM extract set with BASEMAP_URL. */
  flavour: 'india' | 'protomaps';
  /** Our archive, kept as the boundary overlay when an OSM extract is the basemap (India's official boundary). */
  boundaries: string;
  glyphs: string;
  attribution: string;
  /** An OSRM-compatible routing service, when the operator set OSRM_URL. */
  routingUrl?: string;
};

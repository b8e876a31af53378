/*
 * What tests of the lower packages take from infra, through the harness (they
 * may not import infra itself): a free port, and the basemap and gazetteer build.
 */
export { freePort } from '@rentals/infra/services/ports';
export { ensureGeoData } from '@rentals/infra/geo/build';

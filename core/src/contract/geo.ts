/** A place of our own geocoder (GET /api/geo/search and /reverse): response validation and OpenAPI. */
import { Type } from '@sinclair/typebox';

export const GeoPlaceSchema = Type.Object({
  lat: Type.Number(),
  lon: Type.Number(),
  display_name: Type.String(),
  kind: Type.Union([
    Type.Literal('city'),
    Type.Literal('locality'),
    Type.Literal('pin'),
    Type.Literal('coordinates'),
  ]),
});

/** At most 5 places, best first. */
export const GeoSearchResponse = Type.Array(GeoPlaceSchema);

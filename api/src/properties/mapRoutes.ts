import { gzipSync } from 'node:zlib';
import type { TSchema } from '@sinclair/typebox';
import { Elysia } from 'elysia';
import { MAP_POINT_LIMIT } from '@rentals/projections/queries/mapGrid';
import { access } from '../access/access.ts';
import { resolvePlaces } from './criteriaFor.ts';
import { createMapSearch } from './mapSearch.ts';
import { MapQuery, parseMapParams } from './mapParams.ts';
import { tags } from './openapi.ts';
import { TENANCY_FILTER_KEYS } from '@rentals/core/listings/tenancyFilters';
import { MapResponse } from '@rentals/core/contract/property';
import type { PropertyQueryDeps } from './routes.ts';
import { propertyServices } from './services.ts';

/** Parameters visitors' maps accept but do not apply (fields the visitor model does not have). */
const FULL_ONLY = new Set<string>(['area', 'minRent', 'maxRent', ...TENANCY_FILTER_KEYS]);

const parameters = Object.entries(MapQuery.properties as Record<string, TSchema>).map(
  ([name, schema]) => ({
    name,
    in: 'query' as const,
    required: name === 'bbox' || name === 'zoom',
    description: FULL_ONLY.has(name)
      ? `${schema.description} (signed-in users only; accepted but not applied for visitors)`
      : schema.description,
    schema,
    ...(schema.type === 'array' ? { style: 'form' as const, explode: true } : {}),
  }),
);

/** Answers above this size are gzipped when the client accepts it (the whole-India view's bar is in gzip bytes). */
const GZIP_FROM_BYTES = 1024;

/**
 * GET /api/properties/map (issue 16): every match of the list's filters in
 * the viewport, as slim points or, above MAP_POINT_LIMIT, as clusters whose
 * counts sum to `total`. Signed-in users get exact positions and rent;
 * visitors the visitor model's positions (3–6 km off) and no rent.
 */
export const propertyMapRoutes = (deps: PropertyQueryDeps) => {
  const { search, localities, limitSearch } = propertyServices(deps);
  const mapSearch = createMapSearch({
    ...deps,
    degraded: () => search.status().engine === 'postgres-fallback',
  });

  return new Elysia({ name: 'propertyMap', prefix: '/properties' }).use(access(deps)).get(
    '/map',
    async ({ request, user }) => {
      const started = performance.now();
      limitSearch(request, user?.id);
      const params = parseMapParams(new URL(request.url).searchParams);
      const audience = user ? 'full' : 'public';
      const { zoom, ...criteria } = resolvePlaces(await localities.current(), params, audience);
      const { engine, ...answer } = await mapSearch(audience, criteria, zoom);
      const json = JSON.stringify(answer);
      const gzip =
        json.length >= GZIP_FROM_BYTES &&
        /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
      const body = gzip ? gzipSync(json, { level: 6 }) : json;
      return new Response(body, {
        headers: {
          'content-type': 'application/json',
          ...(gzip ? { 'content-encoding': 'gzip' } : {}),
          vary: 'accept-encoding, authorization',
          'x-search-engine': engine,
          'x-map-total': String(answer.total),
          // Parsing, search and encoding: what the benchmark reports as server time.
          'server-timing': `search;dur=${(performance.now() - started).toFixed(1)}`,
        },
      });
    },
    {
      optionalUser: true,
      // For the contract and OpenAPI only: the handler's Response (gzipped or not) is sent unchecked.
      response: { 200: MapResponse },
      detail: {
        summary: 'Every match in a map viewport: points, or clusters above a few thousand',
        description:
          `The list's filters (same meanings, same 400s) over the viewport \`bbox\`, for the map. Up to ${MAP_POINT_LIMIT} ` +
          'matches: `{total, clustered: false, points: [{id, lat, lng, type, rent?}]}`. More: `{total, clustered: true, ' +
          'cellDegrees, clusters: [{lat, lng, count}]}`, the matches counted per grid cell (about 64 px at `zoom`) at their ' +
          'average position; the counts sum to `total`. Only listings shown on the map by their owner. Signed in: exact ' +
          'positions and rent. Visitors: the visitor position (3–6 km from the listing, as on the visitor pages), no rent, ' +
          'and the visitor filters only.',
        tags,
        parameters,
      },
    },
  );
};

import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Elysia, t } from 'elysia';
import { access, callerOf } from '../access/access.ts';
import { OWNER_ROLES } from '../access/routeTable.ts';
import type { AppDeps } from '../deps.ts';
import { localDiskStore } from '../media/localDiskStore.ts';
import { MAX_UPLOAD_PIXELS } from '../media/photoRules.ts';
import { ValidationError } from '@rentals/core/errors';
import { createRequestBody, listingIdOr404, updateRequestBody, VerifyBody } from './model.ts';
import { MessageResponse } from '@rentals/core/contract/user';
import { PropertyResponse } from '@rentals/core/contract/property';
import { readListingRequest } from './requestBody.ts';
import { idempotentWrites } from '../idempotency/idempotency.ts';
import { listingService, type WriteResult } from './service.ts';
import { listingViews } from '@rentals/projections/queries/listingQueries';
import { withPhotoUploads } from '../properties/ownWrites.ts';

export type ListingRouteDeps = Pick<
  AppDeps,
  'sql' | 'jwtSecret' | 'clock' | 'newId' | 'log' | 'eventStore' | 'media'
>;

const tags = ['Properties'];
const security = [{ bearer: [] }];

/** `If-Match: "3"` or `W/"3"` → 3; absent → undefined (last write wins, retried once on a race). */
export const parseIfMatch = (header: string | null | undefined): number | undefined => {
  if (header === null || header === undefined || header.trim() === '' || header.trim() === '*')
    return undefined;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(header.trim());
  if (!match)
    throw new ValidationError([
      { path: 'If-Match', msg: 'If-Match must be a listing version such as "3"' },
    ]);
  return Number(match[1]);
};

const etag = (version: number) => `"${version}"`;

/**
 * The write's answer: the new state as a document, with the listing's views from the read side
 * (the write side knows no views; answering 0 made My Properties show 0 after Delist or List).
 */
const answerWith = async (
  sql: ListingRouteDeps['sql'],
  { property, version }: WriteResult,
  set: { headers: Record<string, unknown> },
) => {
  set.headers.etag = etag(version);
  const [withUploads] = await withPhotoUploads({ sql }, [property]);
  return { property: { ...withUploads!, views: await listingViews(sql, property._id) } };
};

const photoLimits =
  `One request may hold at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels of photos (400). The answer comes once the ` +
  'photos are stored as uploaded, before they are processed: they join `images` when their renditions are ready ' +
  "(seconds); until then the owner's reads list them in `photoUploads` as `processing`, or `failed` with the message " +
  'to show (a file whose pixels do not decode). Nobody else sees them before they are ready.';

const versioning =
  'Send `If-Match: "<version>"` (the ETag of your last read or write) to refuse to overwrite a newer ' +
  'change (409); without it a write that races another is retried once on the fresh state. Responses carry the new ETag.';
/** What the listing write routes share. */
type Ctx = {
  deps: ListingRouteDeps;
  service: ReturnType<typeof listingService>;
  write: ReturnType<typeof idempotentWrites>;
};

const routes = (ctx: Ctx, part: string) =>
  new Elysia({ name: `listings-${part}` }).use(access(ctx.deps));

/** Create a listing, and edit one (multipart with photos, or JSON). */
const editingRoutes = (ctx: Ctx) => {
  const { deps, service, write } = ctx;
  return routes(ctx, 'editing')
    .post(
      '/properties',
      (context) =>
        write(context, async ({ request, user, set }) => {
          const { body, errors } = await readListingRequest(request);
          if (errors.length > 0) throw new ValidationError(errors);
          const result = await service.create(callerOf(user, request), body);
          set.status = 201;
          set.headers.location = `/api/properties/${result.property._id}`;
          return answerWith(deps.sql, result, set);
        }),
      {
        requireRole: OWNER_ROLES,
        parse: 'none',
        response: { 201: PropertyResponse },
        detail: {
          summary: 'List a property (homeowners and brokers), with photos',
          description:
            'Multipart form of SPEC §7. Every invalid field and photo is reported at once as ' +
            "{message: 'Validation failed', errors: [{path, msg}]}; one bad photo rejects the whole batch. " +
            'Photos are checked by content and header, then stripped of metadata (EXIF GPS) and stored as WebP ' +
            'renditions after the answer. ' +
            photoLimits,
          tags,
          security,
          requestBody: createRequestBody,
        },
      },
    )
    .put(
      '/properties/:id',
      (context) =>
        write(context, async ({ request, user, params, set }) => {
          const id = listingIdOr404(params.id);
          const expected = parseIfMatch(request.headers.get('if-match'));
          const { body, errors } = await readListingRequest(request);
          if (errors.length > 0) throw new ValidationError(errors);
          const result = await service.update(callerOf(user, request), id, body, expected);
          return answerWith(deps.sql, result, set);
        }),
      {
        requireRole: OWNER_ROLES,
        parse: 'none',
        response: { 200: PropertyResponse },
        detail: {
          summary: 'Edit a property (its owner or an admin)',
          description:
            'The create form (multipart) or JSON. Fields left out keep their values. Photos: new files under ' +
            '`images` are appended; `keepImages` (a JSON list of existing image ids, or {id, caption}) keeps ' +
            'exactly those photos in that order with those captions and removes the others; without ' +
            '`keepImages` every existing photo stays. At most 10 photos in all. ' +
            photoLimits +
            ' ' +
            versioning,
          tags,
          security,
          requestBody: updateRequestBody,
        },
      },
    );
};

/** Delete, list or delist, and confirm a listing still available. */
const lifecycleRoutes = (ctx: Ctx) => {
  const { deps, service, write } = ctx;
  return routes(ctx, 'lifecycle')
    .delete(
      '/properties/:id',
      (context) =>
        write(context, async ({ request, user, params }) => {
          await service.remove(
            callerOf(user, request),
            listingIdOr404(params.id),
            parseIfMatch(request.headers.get('if-match')),
          );
          return { message: 'Property deleted' };
        }),
      {
        requireRole: OWNER_ROLES,
        response: { 200: MessageResponse },
        detail: {
          summary:
            'Delete a property (its owner or an admin); its photos are removed once the delete is recorded',
          description: `404 when it is already deleted. ${versioning}`,
          tags,
          security,
        },
      },
    )
    .patch(
      '/properties/:id/toggle-availability',
      (context) =>
        write(context, async ({ request, user, params, set }) => {
          const id = listingIdOr404(params.id);
          const expected = parseIfMatch(request.headers.get('if-match'));
          const result = await service.toggleAvailability(callerOf(user, request), id, expected);
          return answerWith(deps.sql, result, set);
        }),
      {
        requireRole: OWNER_ROLES,
        response: { 200: PropertyResponse },
        detail: {
          summary:
            "List or delist a property: returns it with the new isAvailable ('Listed' / 'Delisted')",
          description: versioning,
          tags,
          security,
        },
      },
    )
    .patch(
      '/properties/:id/confirm-available',
      (context) =>
        write(context, async ({ request, user, params, set }) => {
          const result = await service.confirmAvailability(
            callerOf(user, request),
            listingIdOr404(params.id),
            parseIfMatch(request.headers.get('if-match')),
          );
          return answerWith(deps.sql, result, set);
        }),
      {
        requireRole: OWNER_ROLES,
        response: { 200: PropertyResponse },
        detail: {
          summary:
            "'Still available': confirms a listed property (lastConfirmedAt), or renews an expired one",
          description:
            'A listed property unconfirmed for 30 days expires (it leaves search, the map and the public ' +
            'pages; its owner is reminded on day 25). This confirms it, or, when it has expired, relists it ' +
            `('Renew'). 409 for a property its owner delisted (relist it instead). ${versioning}`,
          tags,
          security,
        },
      },
    );
};

/** Verification, by admins. */
const verifyRoutes = (ctx: Ctx) => {
  const { deps, service, write } = ctx;
  return routes(ctx, 'verify').patch(
    '/properties/:id/verify',
    (context) =>
      write(context, async ({ body, user, params, set, request }) => {
        const result = await service.setVerification(
          callerOf(user, request),
          listingIdOr404(params.id),
          body?.isVerified ?? true,
        );
        return answerWith(deps.sql, result, set);
      }),
    {
      requireRole: ['admin'],
      body: t.Optional(VerifyBody),
      response: { 200: PropertyResponse },
      detail: {
        summary: 'Mark a property verified (admins only); {isVerified: false} revokes it',
        tags,
        security,
      },
    },
  );
};

/** The write side of /properties: create, edit, list/delist, delete and verify (SPEC §7, DESIGN §6). */
export const listingRoutes = (deps: ListingRouteDeps) => {
  // Tests and tools that build the app without a media directory still get working uploads.
  const media = deps.media ?? localDiskStore(join(tmpdir(), 'rentals-media'));
  const service = listingService({ ...deps, media });
  const write = idempotentWrites(deps);
  const ctx: Ctx = { deps, service, write };
  return new Elysia({ name: 'listings' })
    .use(editingRoutes(ctx))
    .use(lifecycleRoutes(ctx))
    .use(verifyRoutes(ctx));
};

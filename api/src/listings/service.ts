import { isEmailVerified } from '../auth/users.ts';
import type { AuthUser } from '../access/roles.ts';
import type { AppDeps } from '../deps.ts';
import { INCOMING_PREFIX, mediaKeyOf, type MediaStore } from '../media/mediaStore.ts';
import { AppError, type FieldError, ValidationError } from '@rentals/core/errors';
import { listingCommandHandler } from '@rentals/core/listings/commandHandler';
import type { Actor, CreateListing, ReviseListing } from '@rentals/core/listings/commands';
import { assertCanChange, assertImageRoom, decide } from '@rentals/core/listings/decide';
import type { PropertyDocument } from '@rentals/core/contract/property';
import { toPropertyDocument } from '@rentals/core/listings/document';
import type { ListingImage } from '@rentals/core/listings/listing';
import type { ListingState } from '@rentals/core/listings/state';
import { checkPhotos, listingMediaPrefix, planOriginals } from './photos.ts';
import { PhotoWorkerStoppedError } from '../media/photoWorker.ts';
import type { CheckedPhoto } from '../media/photoPipeline.ts';
import { waitingPhotoCount } from '@rentals/core/listings/decide';
import type { ReceivedPhoto } from '@rentals/core/listings/events';
import {
  dropListingPhotoJobs,
  dropPhotoJobs,
  holdPhotoJobs,
  releasePhotoJobs,
} from './photoJobs.ts';
import type { ListingRequestBody } from './requestBody.ts';
import { readListingFields } from './listingInput.ts';

export type ListingServiceDeps = Pick<AppDeps, 'sql' | 'eventStore' | 'clock' | 'newId' | 'log'> & {
  media: MediaStore;
};

/** Who calls, and the id of the request the call serves (recorded as the events' correlationId). */
export type Caller = { user: AuthUser; requestId?: string };

const metadataOf = (caller: Caller) => ({
  userId: caller.user.id,
  ...(caller.requestId ? { correlationId: caller.requestId } : {}),
});

export type WriteResult = { property: PropertyDocument; version: number };

const actorOf = (user: AuthUser): Actor => ({ id: user.id, role: user.role });

/** Every problem of a request at once: field rules first, then the photos. */
const throwAll = (...lists: FieldError[][]) => {
  const errors = lists.flat();
  if (errors.length > 0) throw new ValidationError(errors);
};

const collect = (run: () => void): FieldError[] => {
  try {
    run();
    return [];
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
};

const documentOf = (state: ListingState, version: number): WriteResult => {
  const property = toPropertyDocument(state);
  if (!property) throw new AppError(500, 'The listing vanished while it was being written');
  return { property, version };
};

/** What the use cases share: the dependencies and the listing command handler over them. */
type Ctx = {
  deps: ListingServiceDeps;
  commands: ReturnType<typeof listingCommandHandler>;
  now: () => string;
};

/**
 * Photos are stored as uploaded and queued (held) before their event is
 * appended, and released to the processor once it is; when the append
 * fails (409, 404 …) the originals and their queue rows go again.
 */
const withReceivedPhotos = async <T>(
  { deps }: Ctx,
  target: { listingId: string; ownerId: string },
  body: { photos: CheckedPhoto[]; captions: string[] },
  write: (received: ReceivedPhoto[]) => Promise<T>,
): Promise<T> => {
  if (body.photos.length === 0) return write([]);
  const { listingId, ownerId } = target;
  const { received, jobs, store } = planOriginals(
    deps.media,
    listingId,
    body.photos,
    body.captions,
    deps.newId,
  );
  // Queued first: a crash after this leaves a row that names the files, never files nothing names.
  await holdPhotoJobs(deps.sql, listingId, ownerId, jobs);
  await store();
  const ids = jobs.map((j) => j.photoId);
  let result: T;
  try {
    result = await write(received);
  } catch (error) {
    await Promise.all([
      dropPhotoJobs(deps.sql, ids),
      deps.media.remove(jobs.map((j) => j.originalKey)),
    ]).catch((cleanup: unknown) =>
      deps.log.warn('could not remove the photos of a failed write', { error: String(cleanup) }),
    );
    throw error;
  }
  // Held rows are processed after two minutes anyway: a failed release only delays them.
  await releasePhotoJobs(deps.sql, ids).catch((error: unknown) =>
    deps.log.warn('could not release received photos', { error: String(error) }),
  );
  return result;
};

/** Every file of a photo: each width's WebP and, when it was made with one, its AVIF. */
const renditionUrls = (image: ListingImage) =>
  image.variants.flatMap((v) => (v.avif ? [v.url, v.avif] : [v.url]));

/** After an edit is recorded, the files of photos it removed go (unless a kept photo has the same content). */
const removeUnusedPhotos = async (
  { deps }: Ctx,
  before: readonly ListingImage[],
  after: ListingState,
) => {
  if (after.status !== 'active') return;
  // Only the listing's own files: seeded photos live in a shared pool that no listing owns.
  const own = `${listingMediaPrefix(after.listing.id)}/`;
  const used = new Set(after.listing.images.flatMap(renditionUrls));
  const gone = before
    .flatMap(renditionUrls)
    .filter((url) => !used.has(url))
    .map(mediaKeyOf)
    .filter((key) => key !== null && key.startsWith(own)) as string[];
  if (gone.length === 0) return;
  await deps.media
    .remove(gone)
    .catch((error: unknown) =>
      deps.log.warn('could not remove the files of removed photos', { error: String(error) }),
    );
};

/** A photo worker that stopped mid-job is an operator's concern too: the uploader gets a 503. */
const loggingWorkerStops = async <T>({ deps }: Ctx, work: () => Promise<T>) => {
  try {
    return await work();
  } catch (error) {
    if (error instanceof PhotoWorkerStoppedError)
      deps.log.error('photo processing interrupted', { detail: error.detail });
    throw error;
  }
};

/** The request's photos checked, unless their number is already wrong: an 11th photo rejects the batch as is. */
const checkedPhotos = async (
  ctx: Ctx,
  roomErrors: FieldError[],
  files: ListingRequestBody['files'],
) =>
  roomErrors.length === 0
    ? await loggingWorkerStops(ctx, () => checkPhotos(files))
    : { photos: [], errors: [] };

const create = async (ctx: Ctx, caller: Caller, body: ListingRequestBody): Promise<WriteResult> => {
  const { user } = caller;
  const listingId = ctx.deps.newId();
  const fieldErrors = collect(() => readListingFields(body.fields));
  const roomErrors = collect(() => assertImageRoom(0, body.files.length));
  const { photos, errors: photoErrors } = await checkedPhotos(ctx, roomErrors, body.files);
  throwAll(fieldErrors, roomErrors, photoErrors);
  const fields = readListingFields(body.fields);
  const emailVerified = await isEmailVerified(ctx.deps.sql, user.id);
  const command = (received: ReceivedPhoto[]): CreateListing => ({
    type: 'CreateListing',
    listingId,
    actor: actorOf(user),
    owner: { name: user.name, role: user.role },
    emailVerified,
    fields,
    images: [],
    receivedPhotos: received,
    at: ctx.now(),
  });
  const outcome = await withReceivedPhotos(
    ctx,
    { listingId, ownerId: user.id },
    { photos, captions: body.captions },
    (received) =>
      ctx.commands.handle(listingId, (state) => decide(command(received), state), {
        ...metadataOf(caller),
        expectedVersion: 0,
      }),
  );
  return documentOf(outcome.state, outcome.version);
};

const update = async (
  ctx: Ctx,
  caller: Caller,
  listingId: string,
  body: ListingRequestBody,
  expectedVersion: number | undefined,
): Promise<WriteResult> => {
  const actor = actorOf(caller.user);
  // Ownership and existence first: a stranger learns nothing from validation messages.
  const current = await ctx.commands.load(listingId);
  const listing = assertCanChange(current.state, actor);
  const fieldErrors = collect(() => readListingFields(body.fields, listing));
  const kept = (body.keepImages?.length ?? listing.images.length) + waitingPhotoCount(listing);
  const roomErrors = collect(() => assertImageRoom(kept, body.files.length));
  const { photos, errors: photoErrors } = await checkedPhotos(ctx, roomErrors, body.files);
  throwAll(fieldErrors, roomErrors, photoErrors);
  const revise = (state: ListingState, received: ReceivedPhoto[]) => {
    // Re-validated on the state the decision is made on (a retry reads fresh state).
    const base = assertCanChange(state, actor);
    const fields = readListingFields(body.fields, base);
    const command: ReviseListing = {
      type: 'ReviseListing',
      actor,
      fields,
      keepImages: body.keepImages,
      newImages: [],
      receivedPhotos: received,
      at: ctx.now(),
    };
    return decide(command, state);
  };
  const outcome = await withReceivedPhotos(
    ctx,
    { listingId, ownerId: listing.ownerId },
    { photos, captions: body.captions },
    (received) =>
      ctx.commands.handle(listingId, (state) => revise(state, received), {
        ...metadataOf(caller),
        expectedVersion,
      }),
  );
  await removeUnusedPhotos(ctx, listing.images, outcome.state);
  return documentOf(outcome.state, outcome.version);
};

/** One command on an existing listing by its caller, decided on the state the handler loads. */
const handleOne = (
  ctx: Ctx,
  caller: Caller,
  target: { listingId: string; expectedVersion?: number | undefined },
  decideOn: (state: ListingState, actor: Actor, at: string) => ReturnType<typeof decide>,
) => {
  const actor = actorOf(caller.user);
  return ctx.commands.handle(target.listingId, (state) => decideOn(state, actor, ctx.now()), {
    ...metadataOf(caller),
    expectedVersion: target.expectedVersion,
  });
};

const toggleAvailability = async (
  ctx: Ctx,
  caller: Caller,
  listingId: string,
  expectedVersion?: number,
): Promise<WriteResult> => {
  const emailVerified = await isEmailVerified(ctx.deps.sql, caller.user.id);
  const outcome = await handleOne(
    ctx,
    caller,
    { listingId, expectedVersion },
    (state, actor, at) => {
      const listing = assertCanChange(state, actor);
      return listing.isAvailable
        ? decide({ type: 'DelistListing', actor, at }, state)
        : decide({ type: 'RelistListing', actor, emailVerified, at }, state);
    },
  );
  return documentOf(outcome.state, outcome.version);
};

/** 'Still available' on a listed listing; 'Renew' (a relist) on an expired one. */
const confirmAvailability = async (
  ctx: Ctx,
  caller: Caller,
  listingId: string,
  expectedVersion?: number,
): Promise<WriteResult> => {
  const outcome = await handleOne(ctx, caller, { listingId, expectedVersion }, (state, actor, at) =>
    decide({ type: 'ConfirmAvailability', actor, at }, state),
  );
  return documentOf(outcome.state, outcome.version);
};

const remove = async (
  ctx: Ctx,
  caller: Caller,
  listingId: string,
  expectedVersion?: number,
): Promise<void> => {
  const { deps } = ctx;
  await handleOne(ctx, caller, { listingId, expectedVersion }, (state, actor, at) =>
    decide({ type: 'DeleteListing', actor, at }, state),
  );
  // Only once the delete is recorded: a failed delete must not lose the photos.
  await Promise.all([
    deps.media.deletePrefix(listingMediaPrefix(listingId)),
    deps.media.deletePrefix(`${INCOMING_PREFIX}/${listingId}`),
    dropListingPhotoJobs(deps.sql, listingId),
  ]).catch((error: unknown) =>
    deps.log.error('could not remove a deleted listing’s photos', {
      listingId,
      error: String(error),
    }),
  );
};

/**
 * The listing use cases behind the HTTP routes (and the seed): read the
 * request, check everything, process photos only once the request is
 * otherwise acceptable, decide, append, and answer from the new state.
 */
export const listingService = (deps: ListingServiceDeps) => {
  const ctx: Ctx = {
    deps,
    commands: listingCommandHandler(deps.eventStore),
    now: () => deps.clock().toISOString(),
  };
  return {
    create: (caller: Caller, body: ListingRequestBody) => create(ctx, caller, body),
    update: (
      caller: Caller,
      listingId: string,
      body: ListingRequestBody,
      expectedVersion: number | undefined,
    ) => update(ctx, caller, listingId, body, expectedVersion),
    toggleAvailability: (caller: Caller, listingId: string, expectedVersion?: number) =>
      toggleAvailability(ctx, caller, listingId, expectedVersion),
    confirmAvailability: (caller: Caller, listingId: string, expectedVersion?: number) =>
      confirmAvailability(ctx, caller, listingId, expectedVersion),
    remove: (caller: Caller, listingId: string, expectedVersion?: number) =>
      remove(ctx, caller, listingId, expectedVersion),
    setVerification: listingVerification(deps),
  };
};

/**
 * An admin marks a listing verified or revokes it: the listing's own
 * `SetVerification` command, one listing at a time (the detail page's button
 * and the admin console's bulk action both come here).
 */
export const listingVerification = (deps: Pick<AppDeps, 'eventStore' | 'clock'>) => {
  const commands = listingCommandHandler(deps.eventStore);
  return async (caller: Caller, listingId: string, isVerified: boolean): Promise<WriteResult> => {
    const at = deps.clock().toISOString();
    const actor = actorOf(caller.user);
    const outcome = await commands.handle(
      listingId,
      (state) => decide({ type: 'SetVerification', actor, isVerified, at }, state),
      metadataOf(caller),
    );
    return documentOf(outcome.state, outcome.version);
  };
};

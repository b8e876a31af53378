import type { PropertyDocument } from '@rentals/core/contract/property';
import type { ListingEvent } from '@rentals/core/listings/events';
import { listingStreamId } from '@rentals/core/listings/events';
import { toPropertyDocument } from '@rentals/core/listings/document';
import { fold } from '@rentals/core/listings/state';
import type { OwnerSummary } from '@rentals/projections/queries/ownerSummary';
import { listingViews } from '@rentals/projections/queries/listingQueries';
import { streamsNotApplied } from '@rentals/projections/queries/readYourWrites';
import type { AppDeps } from '../deps.ts';
import type { Locale } from '@rentals/core/i18n/locales';
import { photoUploadsOf } from '../listings/photoJobs.ts';

/**
 * Read-your-writes for a listing's owner, however far the projections lag.
 *
 * When the listing read model has not applied every event of the owner's
 * listing (or, for My Properties, every event the owner wrote), the owner's
 * documents are built from the log instead: the streams it is behind on are
 * read and folded with the domain's own `evolve` into `toPropertyDocument`,
 * the function the read model's rows come from, so the answer is the
 * document the read model will hold. Waiting for the projection could not
 * promise this (a stopped or lagging projection answered 404 after 2 s);
 * folding costs one read of a few streams and only happens while it lags.
 */
type Deps = Pick<AppDeps, 'sql' | 'eventStore'>;

const LISTING_STREAM_PREFIX = listingStreamId('');

type Folded = { id: string; ownerId: string; document: PropertyDocument | null };

const foldStreams = async (deps: Deps, streamIds: string[]): Promise<Folded[]> => {
  const ids = streamIds.filter((s) => s.startsWith(LISTING_STREAM_PREFIX));
  if (ids.length === 0) return [];
  const streams = await deps.eventStore.readStreams(ids);
  return Promise.all(
    [...streams.entries()].map(async ([streamId, events]) => {
      const state = fold(events as unknown as ListingEvent[]);
      const id = streamId.slice(LISTING_STREAM_PREFIX.length);
      const ownerId = state.status === 'absent' ? '' : state.listing.ownerId;
      const views = state.status === 'active' ? await listingViews(deps.sql, id) : 0;
      return { id, ownerId, document: toPropertyDocument(state, views) };
    }),
  );
};

/**
 * The listing as the owner (or an admin) last wrote it when the read model
 * is behind on it: `folded` with its document (null: deleted); `behind` for
 * anyone else while it lags; `current` when the read model has it all.
 */
export const ownListingFromLog = async (
  deps: Deps,
  id: string,
  user: { id: string; role: string },
): Promise<
  { read: 'current' } | { read: 'behind' } | { read: 'folded'; document: PropertyDocument | null }
> => {
  const behind = await streamsNotApplied(deps.sql, { streamId: listingStreamId(id) });
  if (behind.length === 0) return { read: 'current' };
  const [folded] = await foldStreams(deps, behind);
  if (!folded || (folded.ownerId !== user.id && user.role !== 'admin')) return { read: 'behind' };
  return { read: 'folded', document: folded.document };
};

const delta = (doc: PropertyDocument | null | undefined) => ({
  total: doc ? 1 : 0,
  listed: doc?.isAvailable ? 1 : 0,
  delisted: doc && !doc.isAvailable ? 1 : 0,
});

/**
 * My Properties with the owner's own writes the read model has not applied
 * yet folded in: new listings added (newest first), edits replaced, deleted
 * ones removed, and the summary's counts moved by the same changes.
 */
export const withOwnWrites = async (
  deps: Deps,
  ownerId: string,
  readListed: () => Promise<{ properties: PropertyDocument[]; summary: OwnerSummary }>,
) => {
  // What lags is looked up before the read model is read: a change the projection applies in
  // between is then in the read (checked after, it would be in neither).
  const behind = await streamsNotApplied(deps.sql, { userId: ownerId });
  const listed = await readListed();
  const folded = (await foldStreams(deps, behind)).filter((f) => f.ownerId === ownerId);
  if (folded.length === 0) return listed;
  const byId = new Map(listed.properties.map((p) => [p._id, p]));
  const summary = { ...listed.summary };
  for (const f of folded) {
    const [before, after] = [delta(byId.get(f.id)), delta(f.document)];
    summary.total += after.total - before.total;
    summary.listed += after.listed - before.listed;
    summary.delisted += after.delisted - before.delisted;
    if (f.document) byId.set(f.id, f.document);
    else byId.delete(f.id);
  }
  const properties = [...byId.values()].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id),
  );
  return { properties, summary };
};

/** The owner's documents with their photos not yet among the images (processing, or failed with why). */
export const withPhotoUploads = async <D extends PropertyDocument>(
  deps: Pick<AppDeps, 'sql'>,
  documents: D[],
  /** The language of a failed photo's message (the owner's page's). */
  locale: Locale = 'en',
): Promise<D[]> => {
  const uploads = await photoUploadsOf(
    deps.sql,
    documents.map((d) => d._id),
    locale,
  );
  return documents.map((d) => {
    const mine = uploads.get(d._id);
    return mine ? { ...d, photoUploads: mine } : d;
  });
};

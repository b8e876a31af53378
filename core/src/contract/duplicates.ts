/** The duplicate review (GET/POST /api/admin/duplicates…): response validation, OpenAPI and the site's type. */
import { Type, type Static } from '@sinclair/typebox';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

/** One listing of a pair, as the admin compares it with the other. */
export const DuplicateSideSchema = Type.Object({
  listingId: Type.String(),
  /** Null when the listing read model does not have it (yet). */
  title: Nullable(Type.String()),
  ownerId: Type.String(),
  ownerName: Nullable(Type.String()),
  city: Type.String(),
  address: Nullable(Type.String()),
  status: Type.String({ description: "'Listed', 'Delisted' or 'Expired', in words" }),
  /** The matched photos first (as many as matched), then the listing's others, at most 4. */
  photos: Type.Array(
    Type.Object({ url: Type.String(), matched: Type.Boolean(), placeholder: Type.String() }),
  ),
});

export const DuplicatePairSchema = Type.Object({
  listingA: DuplicateSideSchema,
  listingB: DuplicateSideSchema,
  /** Each finding in words, strongest first, e.g. 'Identical photo (2 photos)'. */
  matches: Type.Array(Type.String(), {
    description: 'What matched, in words, in the language asked for (Accept-Language)',
  }),
  /** 0–1: how strong the strongest finding is (orders the queue after newness). */
  strength: Type.Number(),
  foundAt: Type.String(),
});
export type DuplicatePair = Static<typeof DuplicatePairSchema>;

export const DuplicateQueueResponse = Type.Object({
  pairs: Type.Array(DuplicatePairSchema),
  total: Type.Integer({ description: 'Pairs waiting, of which the newest 50 are listed' }),
});

export const DismissDuplicateResponse = Type.Object({
  listingIds: Type.Array(Type.String()),
  decision: Type.String({ description: "What was recorded, in words: 'Marked not a duplicate'" }),
});

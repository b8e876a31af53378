/**
 * The duplicate review's events. A stream per pair of listings,
 * `duplicate-pair-<a>-<b>` (the ids in order, `pairKey`): an admin's 'Not a
 * duplicate' is a fact about that pair alone, so the pair is the consistency
 * boundary and the finding never comes back for it (the duplicates projection
 * keeps the pair dismissed whatever matches later).
 */
import { Type } from '@sinclair/typebox';
import { defineEvents, eventData, type EventsOf } from '../eventStore/defineEvents.ts';
import { IsoTime } from '../listings/events.ts';
import { IdSchema } from '../listings/fields.ts';
import { pairKey } from './duplicates.ts';

export const DUPLICATE_PAIR_STREAM_TYPE = 'duplicate-pair';
export const duplicatePairStreamId = (a: string, b: string) =>
  `duplicate-pair-${pairKey(a, b).join('-')}`;

/** An admin judged the two listings not duplicates of each other (and neither photo recycled). */
const DuplicatePairDismissedData = eventData({
  /** The two listings, in `pairKey` order. */
  listingIds: Type.Tuple([IdSchema, IdSchema]),
  adminId: IdSchema,
  at: IsoTime,
});

const schemas = { DuplicatePairDismissed: DuplicatePairDismissedData };

export type DuplicatePairEvent = EventsOf<typeof schemas>;

const events = defineEvents(schemas);
export const duplicatePairEventDefinitions = events.definitions;
export const DUPLICATE_PAIR_EVENT_TYPES = events.types;
export const isDuplicatePairEvent = events.isOne;

import { IllegalStateError, ValidationError } from '../errors.ts';
import type { DuplicatePairEvent } from './events.ts';
import { pairKey } from './duplicates.ts';

/** An admin's 'Not a duplicate' on a found pair. */
export type DismissDuplicatePair = {
  type: 'DismissDuplicatePair';
  listingIds: readonly [string, string];
  adminId: string;
  at: string;
};

export type DuplicatePairState = { dismissed: boolean };
export const initialDuplicatePairState: DuplicatePairState = { dismissed: false };

export const duplicateReviewMessages = {
  samePair: 'A pair is two different listings',
  alreadyDismissed: 'This pair was already marked not a duplicate',
} as const;

export const evolveDuplicatePair = (
  state: DuplicatePairState,
  event: DuplicatePairEvent,
): DuplicatePairState => (event.type === 'DuplicatePairDismissed' ? { dismissed: true } : state);

/** One dismissal per pair: a second admin on the same pair is told it is done (409). */
export const decideDuplicatePair = (
  command: DismissDuplicatePair,
  state: DuplicatePairState,
): DuplicatePairEvent[] => {
  const [a, b] = command.listingIds;
  if (a === b)
    throw new ValidationError([{ path: '/listingIds', msg: duplicateReviewMessages.samePair }]);
  if (state.dismissed) throw new IllegalStateError(duplicateReviewMessages.alreadyDismissed);
  return [
    {
      type: 'DuplicatePairDismissed',
      data: { listingIds: pairKey(a, b), adminId: command.adminId, at: command.at },
    },
  ];
};

export const foldDuplicatePair = (events: readonly DuplicatePairEvent[]) =>
  events.reduce(evolveDuplicatePair, initialDuplicatePairState);

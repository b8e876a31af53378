import { describe, it } from 'vitest';
import { givenFor } from '@rentals/testing/decider';
import { appEventRegistry } from '../eventRegistry.ts';
import { IllegalStateError, ValidationError } from '../errors.ts';
import { decideDuplicatePair, foldDuplicatePair } from './duplicateReview.ts';
import type { DuplicatePairEvent } from './events.ts';

const at = '2026-03-01T10:00:00.000Z';
const A = '0a2b4c6d-0000-4000-8000-000000000001';
const B = '0a2b4c6d-0000-4000-8000-000000000002';
const ADMIN = '0a2b4c6d-0000-4000-8000-0000000000ad';
const dismissed: DuplicatePairEvent = {
  type: 'DuplicatePairDismissed',
  data: { listingIds: [A, B], adminId: ADMIN, at },
};

const given = givenFor({
  decide: decideDuplicatePair,
  fold: foldDuplicatePair,
  assertValid: (e) => appEventRegistry.assertValid(e),
});

describe('the duplicate review', () => {
  it('an admin marks a pair not a duplicate, named in either order', () => {
    given()
      .when({ type: 'DismissDuplicatePair', listingIds: [B, A], adminId: ADMIN, at })
      .then([dismissed]);
  });

  it('a dismissed pair is not dismissed twice', () => {
    given(dismissed)
      .when({ type: 'DismissDuplicatePair', listingIds: [A, B], adminId: ADMIN, at })
      .thenThrows(IllegalStateError, 'already marked not a duplicate');
  });

  it('a listing is no pair with itself', () => {
    given()
      .when({ type: 'DismissDuplicatePair', listingIds: [A, A], adminId: ADMIN, at })
      .thenThrows(ValidationError, 'two different listings');
  });
});

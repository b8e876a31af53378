/**
 * What the read side reuses from the write side: fold a listing's events into
 * state and build the same property document the write responses return.
 *   import { fold, toPropertyDocument } from '@rentals/api/listings/propertyDocument';
 */
export {
  toPropertyDocument,
  type PropertyDocument,
  type PropertyImage,
} from '@rentals/core/listings/document';
export {
  evolve,
  fold,
  initialState,
  type Listing,
  type ListingState,
} from '@rentals/core/listings/state';
export type * from '@rentals/core/listings/events';

/**
 * What the read side reuses from the write side: fold a listing's events into
 * state and build the same property document the write responses return.
 *   import { fold, toPropertyDocument } from '@rentals/api/listings/propertyDocument';
 */
export {
  toPropertyDocument,
  type PropertyDocument,
  type PropertyImage,
} from './domain/document.ts';
export { evolve, fold, initialState, type Listing, type ListingState } from './domain/state.ts';
export type * from './domain/events.ts';

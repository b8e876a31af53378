import type { RecordedEvent } from '@rentals/api/eventStore/types';
import {
  isListingEvent,
  LISTING_EVENT_TYPES,
  type ListingEvent,
} from '@rentals/api/listings/domain/events';

export { LISTING_EVENT_TYPES };
export type { ListingEvent };

/** The listing event a recorded event holds; the runner only hands us types we declared in canHandle. */
export const asListingEvent = (event: RecordedEvent): ListingEvent => {
  if (!isListingEvent(event)) throw new Error(`Not a listing event: ${event.type}`);
  return { type: event.type, data: event.data } as ListingEvent;
};

/** Names of the facilities that are switched on, for array filters. */
export const enabledFacilities = (facilities: Record<string, boolean>): string[] =>
  Object.entries(facilities)
    .filter(([, on]) => on)
    .map(([name]) => name);

/**
 * Visitor coordinates: rounded to 0.01° (about 1.1 km north–south), so a
 * marker shows the neighbourhood, never the building.
 */
export const coarsen = (value: number) => Math.round(value * 100) / 100;

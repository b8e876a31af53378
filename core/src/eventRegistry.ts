import { conversationEventDefinitions } from './conversations/events.ts';
import { accountEventDefinitions } from './accounts/events.ts';
import { createEventRegistry } from './eventStore/registry.ts';
import { favouriteEventDefinitions } from './favourites/events.ts';
import { listingEventDefinitions } from './listings/events.ts';
import { notificationEventDefinitions } from './notifications/events.ts';
import { reportEventDefinitions } from './reports/events.ts';
import { savedSearchEventDefinitions } from './savedSearches/events.ts';
import { duplicatePairEventDefinitions } from './trust/events.ts';
import { visitEventDefinitions } from './visits/events.ts';
import { agreementEventDefinitions } from './agreements/events.ts';

/** Every event type the product records, with its schema and version. */
export const appEventDefinitions = {
  ...listingEventDefinitions,
  ...favouriteEventDefinitions,
  ...conversationEventDefinitions,
  ...accountEventDefinitions,
  ...reportEventDefinitions,
  ...savedSearchEventDefinitions,
  ...notificationEventDefinitions,
  ...duplicatePairEventDefinitions,
  ...visitEventDefinitions,
  ...agreementEventDefinitions,
};

/** What the event store accepts: the types above, their data checked against their schemas. */
export const appEventRegistry = createEventRegistry(appEventDefinitions);

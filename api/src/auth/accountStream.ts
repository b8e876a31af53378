import {
  ACCOUNT_STREAM_TYPE,
  accountStreamId,
  type AccountEvent,
} from '@rentals/core/accounts/events';
import type { EventStore } from '@rentals/core/eventStore/eventStore';

/** The account's stream: its version and its events (password resets, email verification, suspension). */
export const readAccount = async (store: EventStore, accountId: string) => {
  const { version, events } = await store.readStream(accountStreamId(accountId));
  return { version, events: events as unknown as AccountEvent[] };
};

/**
 * Decides on the account's events as they are now and appends what was
 * decided (a ConcurrencyError when another write came first: the caller
 * decides again). The one way the auth features write the account stream.
 */
export const decideOnAccount = async (
  store: EventStore,
  accountId: string,
  decide: (events: AccountEvent[]) => AccountEvent[],
): Promise<AccountEvent[]> => {
  const { version, events } = await readAccount(store, accountId);
  const decided = decide(events);
  if (decided.length > 0)
    await store.append(accountStreamId(accountId), ACCOUNT_STREAM_TYPE, version, decided, {
      userId: accountId,
    });
  return decided;
};

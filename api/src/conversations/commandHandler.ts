import type { ConversationEvent } from '@rentals/core/conversations/events';
import { CONVERSATION_STREAM_TYPE, conversationStreamId } from '@rentals/core/conversations/events';
import { fold, type ConversationState } from '@rentals/core/conversations/state';
import { ConcurrencyError } from '@rentals/core/errors';
import type { EventStore } from '@rentals/core/eventStore/eventStore';

/** Each attempt reads the stream again; only a write that lost a race needs another. */
const MAX_ATTEMPTS = 10;

/**
 * Runs a conversation command: read the stream, fold, decide, append at the
 * version read. Two writes racing on one conversation (both sides typing, two
 * tenants' tabs starting it) are not the caller's mistake: the loser decides
 * again on the fresh state (a burst of sends in one conversation all land).
 */
export const conversationCommandHandler = (eventStore: EventStore) => {
  const load = async (conversationId: string) => {
    const { version, events } = await eventStore.readStream(conversationStreamId(conversationId));
    return { version, state: fold(events as unknown as ConversationEvent[]) };
  };

  const handle = async (
    conversationId: string,
    decision: (state: ConversationState) => ConversationEvent[],
    userId: string,
    /** The stream as the caller just read it, for the first attempt (saves a read). */
    loaded?: { version: number; state: ConversationState },
    attemptsLeft = MAX_ATTEMPTS,
  ): Promise<{ state: ConversationState; events: ConversationEvent[] }> => {
    const { version, state } = loaded ?? (await load(conversationId));
    const events = decision(state);
    if (events.length === 0) return { state, events };
    try {
      await eventStore.append(
        conversationStreamId(conversationId),
        CONVERSATION_STREAM_TYPE,
        version,
        events,
        { userId },
      );
    } catch (error) {
      if (error instanceof ConcurrencyError && attemptsLeft > 1)
        return handle(conversationId, decision, userId, undefined, attemptsLeft - 1);
      throw error;
    }
    return { state: fold(events, state), events };
  };

  return { load, handle };
};

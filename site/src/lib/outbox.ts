/**
 * Messages written without a connection (docs/APP.md): kept in IndexedDB, shown in their
 * conversation as waiting, and sent in the order written once the phone is online, by whichever
 * page is open (scripts/app.ts). Each keeps its own id as its Idempotency-Key, so a send
 * repeated after a lost answer, or by two tabs at once, is one message (api/src/idempotency).
 */
import { ApiError, apiRoute, describeError } from './api.ts';
import {
  OUTBOX_EVENT,
  OUTBOX_FLAG,
  sendingOrder,
  toSend,
  type OutboxResult,
  type QueuedMessage,
} from './offlineCopies.ts';
import { db, offlineText, quietly, savedUser } from './offlineStore.ts';

let counter = 0;

const flag = (on: boolean) => {
  try {
    if (on) localStorage.setItem(OUTBOX_FLAG, '1');
    else localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    // No storage: the queue is still sent by the page that wrote it, on 'online'.
  }
};

export const queueMessage = async (
  message: Omit<QueuedMessage, 'queuedAt' | 'seq'>,
): Promise<void> => {
  await (await db()).put('outbox', { ...message, queuedAt: Date.now(), seq: ++counter });
  flag(true);
};

/** One conversation's queued messages, in the order written (for its thread). */
export const queuedIn = async (conversationId: string): Promise<QueuedMessage[]> =>
  sendingOrder(
    ((await quietly(async () => (await db()).getAll('outbox'))) ?? []).filter(
      (m) => m.conversationId === conversationId,
    ),
  );

export const dropQueued = (id: string) =>
  quietly(async () => {
    const database = await db();
    await database.delete('outbox', id);
    if ((await database.count('outbox')) === 0) flag(false);
  });

const announce = (result: OutboxResult) =>
  dispatchEvent(new CustomEvent<OutboxResult>(OUTBOX_EVENT, { detail: result }));

/** Sends the waiting messages in order; stops at the first lost connection (tried again later). */
const sendAll = async () => {
  const userId = (await savedUser())?._id;
  if (!userId) return;
  const database = await db();
  for (const message of toSend(await database.getAll('outbox'))) {
    // Another user's queue (signed out with a queue, someone else signed in) is not ours to send.
    if (message.userId !== userId) continue;
    try {
      const sent = await apiRoute('POST /conversations/:id/messages', {
        params: { id: message.conversationId },
        json: { messageId: message.id, body: message.body },
        idempotencyKey: message.id,
      });
      await dropQueued(message.id);
      announce({ id: message.id, sent });
    } catch (error) {
      if (error instanceof ApiError && error.status === 0) return;
      const reason = describeError(error, offlineText('app.outbox.notSent'));
      await database.put('outbox', { ...message, error: reason });
      announce({ id: message.id, error: reason });
    }
  }
};

/** One sender at a time across this phone's tabs (Web Locks where the browser has them). */
export const flushOutbox = async (): Promise<void> => {
  if ('locks' in navigator) await navigator.locks.request('rentals-outbox', sendAll);
  else await sendAll();
};

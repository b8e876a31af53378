import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, apiRoute, describeError } from '../../lib/api.ts';
import { OUTBOX_EVENT, type OutboxResult, type QueuedMessage } from '../../lib/offlineCopies.ts';
import { $auth } from '../../stores/auth.ts';
import { text } from '../../lib/i18n.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { onInboxChange } from '../../stores/inbox.ts';
import { merge, type Shown } from './shown.ts';

/** The outbox (lib/outbox.ts, with IndexedDB): loaded when the thread opens, not with the page. */
const outbox = () => import('../../lib/outbox.ts');

type Setter<T> = React.Dispatch<React.SetStateAction<T>>;

/** The thread's messages on screen and what changes them: loads, live changes, sends. */
type ThreadMessages = {
  c: Conversation;
  messages: Shown[] | null;
  setMessages: Setter<Shown[] | null>;
  setHasMore: Setter<boolean>;
  onChanged: (c: Conversation) => void;
  loadNewest: () => Promise<void>;
};

const earlierPage = async ({ c, messages, setMessages, setHasMore }: ThreadMessages) => {
  const first = messages?.find((m) => m.seq)?.seq;
  if (!first) return;
  const page = await apiRoute('GET /conversations/:id/messages', {
    params: { id: c.id },
    query: new URLSearchParams({ before: String(first) }),
  });
  setMessages((list) => [...page.messages, ...(list ?? [])]);
  setHasMore(page.hasMore);
};

const typedHere = (id: string, body: string, status: Shown['status'], sentAt = Date.now()) => ({
  id,
  seq: 0,
  senderId: '',
  mine: true,
  body,
  masked: false,
  sentAt: new Date(sentAt).toISOString(),
  status,
});

/** An outbox message as its bubble: waiting, or refused by the server (with Retry and Discard). */
const fromOutbox = (m: QueuedMessage): Shown =>
  m.error === undefined
    ? typedHere(m.id, m.body, 'queued', m.queuedAt)
    : { ...typedHere(m.id, m.body, 'failed', m.queuedAt), error: m.error };

/** No connection: the message waits in the outbox, sent on reconnect (scripts/app.ts). */
const queue = async ({ c, setMessages }: ThreadMessages, id: string, body: string) => {
  const userId = $auth.get().user?._id;
  if (!userId) return false;
  try {
    const { queueMessage } = await outbox();
    await queueMessage({ id, userId, conversationId: c.id, body });
  } catch {
    return false;
  }
  setMessages((list) => [
    ...(list ?? []).filter((m) => m.id !== id),
    typedHere(id, body, 'queued'),
  ]);
  return true;
};

/**
 * Sends a message shown at once as `sending`; offline it waits in the outbox as `queued`; on
 * another failure it stays as `failed`, with Retry.
 */
const send = async (state: ThreadMessages, id: string, body: string) => {
  const { c, messages, setMessages, onChanged, loadNewest } = state;
  // A Retry of a message refused from the outbox takes it out of there first.
  void outbox()
    .then((o) => o.dropQueued(id))
    .catch(() => undefined);
  if (!navigator.onLine && (await queue(state, id, body))) return;
  setMessages((list) => [
    ...(list ?? []).filter((m) => m.id !== id),
    typedHere(id, body, 'sending'),
  ]);
  try {
    const sent = await apiRoute('POST /conversations/:id/messages', {
      params: { id: c.id },
      json: { messageId: id, body },
      // The message's own id: its Retry button sends it again under the same key.
      idempotencyKey: id,
    });
    setMessages((list) => merge(list ?? [], sent.message));
    onChanged(sent.conversation);
    // An owner's reply reveals the contact details hidden in the tenant's messages so far.
    if (messages?.some((m) => m.masked)) await loadNewest().catch(() => undefined);
  } catch (e) {
    // The connection dropped while sending: it waits for the next. Otherwise (no answer while
    // the phone says it is online) it is not sent, and says so, with Retry.
    const dropped = e instanceof ApiError && e.status === 0 && !navigator.onLine;
    if (dropped && (await queue(state, id, body))) return;
    const reason = describeError(e, text('messages.sendFailed'));
    setMessages((list) =>
      (list ?? []).map((m) => (m.id === id ? { ...m, status: 'failed', error: reason } : m)),
    );
  }
};

/** The conversation's messages waiting in the outbox, and what becomes of them once sent. */
const useOutbox = (
  conversationId: string,
  setMessages: Setter<Shown[] | null>,
  onChanged: (c: Conversation) => void,
) => {
  const changed = useRef(onChanged);
  changed.current = onChanged;
  useEffect(() => {
    void outbox()
      .then((o) => o.queuedIn(conversationId))
      .then((queued) => setMessages((list) => queued.map(fromOutbox).reduce(merge, list ?? [])))
      .catch(() => undefined);
    const settled = (event: Event) => {
      const { id, sent, error } = (event as CustomEvent<OutboxResult>).detail;
      if (sent?.conversation.id === conversationId) {
        setMessages((list) => merge(list ?? [], sent.message));
        changed.current(sent.conversation);
      } else if (error !== undefined)
        setMessages(
          (list) => list?.map((m) => (m.id === id ? { ...m, status: 'failed', error } : m)) ?? list,
        );
    };
    addEventListener(OUTBOX_EVENT, settled);
    return () => removeEventListener(OUTBOX_EVENT, settled);
  }, [conversationId, setMessages]);
};

/**
 * One conversation's messages: the newest page on open, earlier pages on demand, live
 * changes from the inbox stream, and sending (optimistic, with Retry and Discard).
 */
export const useThreadMessages = (
  c: Conversation,
  onChanged: (c: Conversation) => void,
  setError: (error: string) => void,
) => {
  const [messages, setMessages] = useState<Shown[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  useOutbox(c.id, setMessages, onChanged);

  /** The newest page, keeping messages typed here that are still sending or failed. */
  const loadNewest = useCallback(
    () =>
      apiRoute('GET /conversations/:id/messages', { params: { id: c.id } }).then((page) => {
        setMessages((list) =>
          (list ?? []).filter((m) => m.status).reduce(merge, page.messages as Shown[]),
        );
        setHasMore(page.hasMore);
      }),
    [c.id],
  );

  useEffect(() => {
    setMessages(null);
    setError('');
    loadNewest().catch((e: unknown) =>
      setError(describeError(e, text('messages.threadLoadFailed'))),
    );
  }, [loadNewest, setError]);

  useEffect(
    () =>
      onInboxChange((change) => {
        if (change.kind === 'reset') return void loadNewest().catch(() => undefined);
        if (change.conversationId !== c.id || !change.message) return;
        setMessages((list) => (list ? merge(list, change.message!) : list));
      }),
    [c.id, loadNewest],
  );

  const state: ThreadMessages = { c, messages, setMessages, setHasMore, onChanged, loadNewest };
  return {
    messages,
    hasMore,
    loadEarlier: () => earlierPage(state),
    deliver: (id: string, body: string) => send(state, id, body),
    discard: (id: string) => {
      void outbox()
        .then((o) => o.dropQueued(id))
        .catch(() => undefined);
      setMessages((list) => (list ?? []).filter((x) => x.id !== id));
    },
  };
};

import { useCallback, useEffect, useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { onInboxChange } from '../../stores/inbox.ts';
import { merge, type Shown } from './shown.ts';

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

/** Sends a message shown at once as `sending`; on failure it stays as `failed`, with Retry. */
const send = async (state: ThreadMessages, id: string, body: string) => {
  const { c, messages, setMessages, onChanged, loadNewest } = state;
  const optimistic: Shown = {
    id,
    seq: 0,
    senderId: '',
    mine: true,
    body,
    masked: false,
    sentAt: new Date().toISOString(),
    status: 'sending',
  };
  setMessages((list) => [...(list ?? []).filter((m) => m.id !== id), optimistic]);
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
    const reason = describeError(e, text('messages.sendFailed'));
    setMessages((list) =>
      (list ?? []).map((m) => (m.id === id ? { ...m, status: 'failed', error: reason } : m)),
    );
  }
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
    discard: (id: string) => setMessages((list) => (list ?? []).filter((x) => x.id !== id)),
  };
};

import { useCallback, useEffect, useRef, useState } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import { newMessageId, type ChatMessage, type Conversation } from '../lib/conversations.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Guarded } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { onInboxChange, setUnread } from '../stores/inbox.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';

/** A message on screen: the server's, or one typed here that is sending or failed. */
type Shown = ChatMessage & { status?: 'sending' | 'failed'; error?: string };

const time = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });

const selectedFromUrl = () => new URLSearchParams(window.location.search).get('c');

const setUrl = (id: string | null) => {
  const url = new URL(window.location.href);
  if (id) url.searchParams.set('c', id);
  else url.searchParams.delete('c');
  window.history.replaceState(null, '', url);
};

/** Newest activity first, as the API orders the inbox. */
const byActivity = (a: Conversation, b: Conversation) =>
  (b.lastMessage?.sentAt ?? b.startedAt).localeCompare(a.lastMessage?.sentAt ?? a.startedAt);

const merge = (messages: Shown[], incoming: Shown): Shown[] => {
  const rest = messages.filter((m) => m.id !== incoming.id && (!m.seq || m.seq !== incoming.seq));
  return [...rest, incoming].sort((a, b) => (a.seq || Infinity) - (b.seq || Infinity));
};

const Thumb = ({ c }: { c: Conversation }) =>
  c.listing.photo ? (
    <img className="conversation-thumb" src={c.listing.photo} alt="" loading="lazy" />
  ) : (
    <span className="conversation-thumb" aria-hidden="true" />
  );

const InboxItem = ({
  c,
  current,
  onOpen,
}: {
  c: Conversation;
  current: boolean;
  onOpen: () => void;
}) => (
  <li>
    <button
      type="button"
      className={`inbox-item${c.unread > 0 ? ' unread' : ''}`}
      aria-current={current}
      onClick={onOpen}
      data-testid="inbox-item"
    >
      <Thumb c={c} />
      <span style={{ minWidth: 0 }}>
        <strong>{c.counterpart.name}</strong>
        <span className="preview" style={{ display: 'block' }}>
          {c.listing.title ?? 'This property is no longer listed'}
        </span>
        <span className="preview" style={{ display: 'block' }}>
          {c.lastMessage ? `${c.lastMessage.mine ? 'You: ' : ''}${c.lastMessage.body}` : ''}
        </span>
      </span>
      {c.unread > 0 && (
        <span className="unread-badge">
          <span aria-hidden="true">{c.unread}</span>
          <span className="visually-hidden"> {c.unread} unread</span>
        </span>
      )}
    </button>
  </li>
);

type ThreadProps = {
  conversation: Conversation;
  onChanged: (c: Conversation) => void;
  onBack: () => void;
};

const Thread = ({ conversation: c, onChanged, onBack }: ThreadProps) => {
  const [messages, setMessages] = useState<Shown[] | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [error, setError] = useState('');
  const [draft, setDraft] = useState('');
  const [busy, setBusy] = useState(false);
  const end = useRef<HTMLDivElement>(null);

  const markRead = useCallback(
    async (upToSeq: number) => {
      if (upToSeq <= c.readSeq) return;
      try {
        const { conversation } = await apiRoute('POST /conversations/:id/read', {
          params: { id: c.id },
          json: { upToSeq },
        });
        onChanged(conversation);
        const { unread } = await apiRoute('GET /conversations/unread');
        setUnread(unread);
      } catch {
        // The mark is retried when the next message arrives or the thread is opened again.
      }
    },
    [c.id, c.readSeq, onChanged],
  );

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
    loadNewest().catch((e: unknown) => setError(describeError(e, 'Could not load the messages.')));
  }, [loadNewest]);

  useEffect(
    () =>
      onInboxChange((change) => {
        if (change.kind === 'reset') return void loadNewest().catch(() => undefined);
        if (change.conversationId !== c.id || !change.message) return;
        setMessages((list) => (list ? merge(list, change.message!) : list));
      }),
    [c.id, loadNewest],
  );

  const lastSeq = messages?.reduce((max, m) => Math.max(max, m.seq || 0), 0) ?? 0;
  useEffect(() => {
    if (lastSeq > 0) void markRead(lastSeq);
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastSeq, markRead]);

  const loadEarlier = async () => {
    const first = messages?.find((m) => m.seq)?.seq;
    if (!first) return;
    const page = await apiRoute('GET /conversations/:id/messages', {
      params: { id: c.id },
      query: new URLSearchParams({ before: String(first) }),
    });
    setMessages((list) => [...page.messages, ...(list ?? [])]);
    setHasMore(page.hasMore);
  };

  const deliver = async (id: string, body: string) => {
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
      const reason = describeError(e, 'Your message could not be sent.');
      setMessages((list) =>
        (list ?? []).map((m) => (m.id === id ? { ...m, status: 'failed', error: reason } : m)),
      );
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    void deliver(newMessageId(), body);
  };

  const act = async (path: 'archive' | 'block', method: 'POST' | 'DELETE') => {
    setBusy(true);
    try {
      const { conversation } = await apiRoute(`${method} /conversations/:id/${path}`, {
        params: { id: c.id },
      });
      onChanged(conversation);
    } catch (e) {
      setError(describeError(e, 'That did not work; please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const blocked = c.blockedByMe || c.blockedByThem;
  const listingHref = `/properties/${c.listing.id}`;
  return (
    <>
      <header className="thread-header">
        <button type="button" className="button thread-back" onClick={onBack}>
          ← Inbox
        </button>
        <a href={listingHref} aria-label={`Open ${c.listing.title ?? 'the property'}`}>
          <Thumb c={c} />
        </a>
        <div style={{ minWidth: 0 }}>
          <a href={listingHref}>
            <strong data-testid="thread-listing-title">
              {c.listing.title ?? 'This property is no longer listed'}
            </strong>
          </a>
          <div className="muted">
            {c.role === 'owner' ? 'Enquiry from ' : 'Listed by '}
            {c.counterpart.name}
          </div>
        </div>
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act('archive', c.archived ? 'DELETE' : 'POST')}
          >
            {c.archived ? 'Move to Inbox' : 'Archive'}
          </button>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => void act('block', c.blockedByMe ? 'DELETE' : 'POST')}
          >
            {c.blockedByMe ? 'Unblock' : 'Block'}
          </button>
        </div>
      </header>
      <div className="thread-messages" aria-live="polite" data-testid="thread-messages">
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {messages === null && !error && <Spinner label="Loading messages" />}
        {hasMore && (
          <button type="button" className="button" onClick={() => void loadEarlier()}>
            Load earlier messages
          </button>
        )}
        {messages?.map((m) => (
          <div
            key={m.id || m.seq}
            className={`bubble${m.mine ? ' mine' : ''}${m.status === 'failed' ? ' failed' : ''}`}
            data-testid="message"
          >
            {m.body}
            <span className="meta">
              {m.status === 'sending'
                ? 'Sending…'
                : m.status === 'failed'
                  ? `Not sent: ${m.error ?? ''}`
                  : time(m.sentAt)}
              {m.masked && ' · Contact details are shown once you reply'}
            </span>
            {m.status === 'failed' && (
              <span style={{ display: 'flex', gap: '0.5rem', marginTop: '0.25rem' }}>
                <button type="button" className="button" onClick={() => void deliver(m.id, m.body)}>
                  Retry
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => setMessages((list) => (list ?? []).filter((x) => x.id !== m.id))}
                >
                  Discard
                </button>
              </span>
            )}
          </div>
        ))}
        {messages?.length === 0 && <p className="muted">No messages yet.</p>}
        <div ref={end} />
      </div>
      {blocked ? (
        <p className="alert alert-info" style={{ margin: '0.75rem' }} role="status">
          {c.blockedByMe
            ? 'You blocked this conversation. Unblock it to send messages.'
            : 'You can no longer send messages in this conversation.'}
        </p>
      ) : (
        <form className="composer" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="composer-text">
            Message
          </label>
          <textarea
            id="composer-text"
            value={draft}
            maxLength={2000}
            placeholder="Write a message…"
            onChange={(e) => setDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) submit(e);
            }}
          />
          <button type="submit" className="button button-primary" disabled={!draft.trim()}>
            Send
          </button>
        </form>
      )}
    </>
  );
};

const Inbox = () => {
  const [archived, setArchived] = useState(false);
  const [list, setList] = useState<Conversation[] | null>(null);
  const [error, setError] = useState('');
  const [selected, setSelected] = useState<Conversation | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(selectedFromUrl);
  // Bumped when the live stream says it could not replay what was missed.
  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let live = true;
    setList(null);
    apiRoute('GET /conversations', { query: new URLSearchParams({ archived: String(archived) }) })
      .then((r) => live && setList(r.conversations))
      .catch((e: unknown) => live && setError(describeError(e, 'Could not load your messages.')));
    return () => {
      live = false;
    };
  }, [archived, reloads]);

  useEffect(() => {
    if (!selectedId) {
      setSelected(null);
      return;
    }
    if (selected?.id === selectedId) return;
    const known = list?.find((c) => c.id === selectedId);
    if (known) setSelected(known);
    else
      apiRoute('GET /conversations/:id', { params: { id: selectedId } })
        .then((r) => setSelected(r.conversation))
        .catch(() => setSelectedId(null));
  }, [selectedId, list, selected?.id]);

  const update = useCallback(
    (c: Conversation) => {
      setList((current) => {
        if (!current) return current;
        const rest = current.filter((x) => x.id !== c.id);
        return c.archived === archived ? [c, ...rest].sort(byActivity) : rest;
      });
      setSelected((s) => (s?.id === c.id ? c : s));
    },
    [archived],
  );

  useEffect(
    () =>
      onInboxChange((change) => {
        if (change.kind === 'reset') setReloads((n) => n + 1);
        else if (change.conversation) update(change.conversation);
      }),
    [update],
  );

  const open = (id: string | null) => {
    setSelectedId(id);
    setUrl(id);
  };

  return (
    <div className="messages-layout" data-open={String(selected !== null)}>
      <section className="card inbox-panel" aria-label="Conversations">
        <div className="inbox-tabs" role="tablist">
          {[false, true].map((a) => (
            <button
              key={String(a)}
              type="button"
              role="tab"
              aria-selected={archived === a}
              className={`button${archived === a ? ' button-primary' : ''}`}
              onClick={() => setArchived(a)}
            >
              {a ? 'Archived' : 'Inbox'}
            </button>
          ))}
        </div>
        {error && (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        )}
        {list === null && !error && <Spinner label="Loading conversations" />}
        {list?.length === 0 && (
          <div className="empty-state">
            <div className="empty-icon" aria-hidden="true">
              <Icon name="message" />
            </div>
            <h2>{archived ? 'No Archived Conversations' : 'No Messages Yet'}</h2>
            <p className="muted">
              {archived
                ? 'Conversations you archive will appear here.'
                : 'When you message an owner about a property, or a tenant asks about yours, the conversation will appear here.'}
            </p>
            {!archived && (
              <a className="button button-primary" href="/properties">
                Browse Properties
              </a>
            )}
          </div>
        )}
        <ul className="inbox-list">
          {list?.map((c) => (
            <InboxItem key={c.id} c={c} current={c.id === selected?.id} onOpen={() => open(c.id)} />
          ))}
        </ul>
      </section>
      <section className="card thread-panel" aria-label="Conversation">
        {selected ? (
          <Thread conversation={selected} onChanged={update} onBack={() => open(null)} />
        ) : (
          <div className="empty-state">
            <div className="empty-icon" aria-hidden="true">
              <Icon name="mail" />
            </div>
            <h2>Select a Conversation</h2>
            <p className="muted">Choose a conversation on the left to read and reply.</p>
          </div>
        )}
      </section>
    </div>
  );
};

/** /messages: the inbox on the left, the open conversation on the right (one column on phones). */
export default function Messages() {
  return (
    <ErrorBoundary>
      <Guarded>
        {() => (
          <>
            <h1>Messages</h1>
            <Inbox />
          </>
        )}
      </Guarded>
    </ErrorBoundary>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRoute, describeError } from '../lib/api.ts';
import { fill, text } from '../lib/i18n.ts';
import { newMessageId, type Conversation } from '../lib/conversations.ts';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { onInboxChange } from '../stores/inbox.ts';
import { Composer } from './messages/Composer.tsx';
import { MessageBubble } from './messages/MessageBubble.tsx';
import { ThreadHeader } from './messages/ThreadHeader.tsx';
import { Thumb } from './messages/Thumb.tsx';
import { useMarkRead } from './messages/useMarkRead.ts';
import { useThreadMessages } from './messages/useThreadMessages.ts';
import { Alert } from '../components/react/Alert.tsx';
import { Icon } from '@rentals/core/ui/Icon.tsx';

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

/** One line of an inbox item, cut short on purpose: the whole of it on hover. */
const Preview = ({ text: line }: { text: string }) => (
  <span className="preview" style={{ display: 'block' }} title={line}>
    {line}
  </span>
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
        <Preview text={c.listing.title ?? text('messages.listingGone')} />
        <Preview
          text={
            c.lastMessage?.mine
              ? fill('messages.you', { body: c.lastMessage.body })
              : (c.lastMessage?.body ?? '')
          }
        />
      </span>
      {c.unread > 0 && (
        <span className="unread-badge">
          <span aria-hidden="true">{c.unread}</span>
          <span className="visually-hidden"> {fill('messages.unread', { n: c.unread })}</span>
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
  const [error, setError] = useState('');
  const { messages, hasMore, loadEarlier, deliver, discard } = useThreadMessages(
    c,
    onChanged,
    setError,
  );
  const markRead = useMarkRead(c, onChanged);
  const end = useRef<HTMLDivElement>(null);

  const lastSeq = messages?.reduce((max, m) => Math.max(max, m.seq || 0), 0) ?? 0;
  useEffect(() => {
    if (lastSeq > 0) void markRead(lastSeq);
    end.current?.scrollIntoView({ block: 'end' });
  }, [lastSeq, markRead]);

  return (
    <>
      <ThreadHeader c={c} onChanged={onChanged} onBack={onBack} setError={setError} />
      <div className="thread-messages" aria-live="polite" data-testid="thread-messages">
        <Alert className="alert alert-error" message={error} />
        {messages === null && !error && <Spinner label={text('messages.loadingMessages')} />}
        {hasMore && (
          <button type="button" className="button" onClick={() => void loadEarlier()}>
            {text('messages.loadEarlier')}
          </button>
        )}
        {messages?.map((m) => (
          <MessageBubble
            key={m.id || m.seq}
            m={m}
            onRetry={() => void deliver(m.id, m.body)}
            onDiscard={() => discard(m.id)}
          />
        ))}
        {messages?.length === 0 && <p className="muted">{text('messages.noMessages')}</p>}
        <div ref={end} />
      </div>
      <Composer c={c} onSend={(body) => void deliver(newMessageId(), body)} />
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
      .catch((e: unknown) => live && setError(describeError(e, text('messages.loadFailed'))));
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
      <section className="card inbox-panel" aria-label={text('messages.conversations')}>
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
              {text(a ? 'messages.tab.archived' : 'messages.tab.inbox')}
            </button>
          ))}
        </div>
        <Alert className="alert alert-error" message={error} />
        {list === null && !error && <Spinner label={text('messages.loadingConversations')} />}
        {list?.length === 0 && (
          <div className="empty-state">
            <div className="empty-icon" aria-hidden="true">
              <Icon name="message" />
            </div>
            <h2>{text(archived ? 'messages.empty.archivedTitle' : 'messages.empty.title')}</h2>
            <p className="muted">
              {text(archived ? 'messages.empty.archivedText' : 'messages.empty.text')}
            </p>
            {!archived && (
              <a className="button button-primary" href="/properties">
                {text('messages.empty.browse')}
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
      <section className="card thread-panel" aria-label={text('messages.conversation')}>
        {selected ? (
          <Thread conversation={selected} onChanged={update} onBack={() => open(null)} />
        ) : (
          <div className="empty-state">
            <div className="empty-icon" aria-hidden="true">
              <Icon name="mail" />
            </div>
            <h2>{text('messages.select.title')}</h2>
            <p className="muted">{text('messages.select.text')}</p>
          </div>
        )}
      </section>
    </div>
  );
};

/** /messages: the inbox on the left, the open conversation on the right (one column on phones). */
export default function Messages() {
  return (
    <GuardedIsland>
      {() => (
        <>
          <h1>{text('messages.title')}</h1>
          <Inbox />
        </>
      )}
    </GuardedIsland>
  );
}

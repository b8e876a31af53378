import { useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import type { Conversation } from '../../lib/conversations.ts';
import { Thumb } from './Thumb.tsx';

type Props = {
  c: Conversation;
  onChanged: (c: Conversation) => void;
  onBack: () => void;
  setError: (error: string) => void;
};

/** Archive or block (or undo either); a failure shows in the thread. */
const useConversationAction = ({ c, onChanged, setError }: Props) => {
  const [busy, setBusy] = useState(false);
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
  return { busy, act };
};

/** The thread's listing, counterpart, and its Archive and Block buttons. */
export const ThreadHeader = (props: Props) => {
  const { c, onBack } = props;
  const { busy, act } = useConversationAction(props);
  const listingHref = `/properties/${c.listing.id}`;
  return (
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
  );
};

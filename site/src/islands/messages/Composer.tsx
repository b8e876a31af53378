import { useState } from 'react';
import type { Conversation } from '../../lib/conversations.ts';

/** The message box, or why none can be sent (a blocked conversation). Enter sends. */
export const Composer = ({ c, onSend }: { c: Conversation; onSend: (body: string) => void }) => {
  const [draft, setDraft] = useState('');
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = draft.trim();
    if (!body) return;
    setDraft('');
    onSend(body);
  };
  const blocked = c.blockedByMe || c.blockedByThem;
  return blocked ? (
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
  );
};

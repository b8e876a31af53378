import { useState } from 'react';
import type { Conversation } from '../../lib/conversations.ts';
import { text } from '../../lib/i18n.ts';

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
      {text(c.blockedByMe ? 'messages.composer.blockedByMe' : 'messages.composer.blocked')}
    </p>
  ) : (
    <form className="composer" onSubmit={submit}>
      <label className="visually-hidden" htmlFor="composer-text">
        {text('messages.composer.label')}
      </label>
      <textarea
        id="composer-text"
        value={draft}
        maxLength={2000}
        placeholder={text('messages.composer.placeholder')}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) submit(e);
        }}
      />
      <button type="submit" className="button button-primary" disabled={!draft.trim()}>
        {text('messages.composer.send')}
      </button>
    </form>
  );
};

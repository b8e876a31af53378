import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $messageFormRequests } from '../../stores/messageForm.ts';
import { describeError, apiRoute } from '../../lib/api.ts';
import { newMessageId } from '../../lib/conversations.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { Alert } from './Alert.tsx';
import { text as pageText } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

type Props = { listingId: string; title: string };

/**
 * 'Send Message' on a property: opens a short note to the owner, which
 * starts the conversation about this property (or adds to the one that
 * exists) and then opens it in /messages.
 */
export const SendMessage = ({ listingId, title }: Props) => {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(() => format('detail.send.draft', { title }));
  const [messageId] = useState(newMessageId);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState('');
  const requests = useStore($messageFormRequests);
  const field = useRef<HTMLTextAreaElement>(null);

  // Asked for from elsewhere on the page (the phone's contact bar): open, in view, ready to type.
  useEffect(() => {
    if (requests > 0) setOpen(true);
  }, [requests]);
  useEffect(() => {
    if (!open || requests === 0) return;
    field.current?.scrollIntoView({ block: 'center' });
    field.current?.focus({ preventScroll: true });
  }, [open, requests]);

  if (!open)
    return (
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <Icon name="message" /> {pageText('detail.send.open')}
      </button>
    );

  const send = async (event: React.FormEvent) => {
    event.preventDefault();
    setSending(true);
    setError('');
    try {
      // The same id on a retry: a send that reached the server is recorded once.
      const sent = await apiRoute('POST /conversations', {
        json: { listingId, body: text, messageId },
      });
      window.location.assign(`/messages?c=${encodeURIComponent(sent.conversation.id)}`);
    } catch (e) {
      setError(describeError(e, pageText('detail.send.failed')));
      setSending(false);
    }
  };

  return (
    <form className="stack" style={{ gap: '0.5rem' }} onSubmit={(e) => void send(e)}>
      <label htmlFor="first-message">{pageText('detail.send.label')}</label>
      <textarea
        id="first-message"
        ref={field}
        value={text}
        maxLength={2000}
        rows={4}
        onChange={(e) => setText(e.target.value)}
      />
      <Alert className="alert alert-error" message={error} />
      <button type="submit" className="button button-primary" disabled={sending || !text.trim()}>
        {pageText(
          sending ? 'detail.send.sending' : error ? 'detail.send.retry' : 'detail.send.open',
        )}
      </button>
    </form>
  );
};

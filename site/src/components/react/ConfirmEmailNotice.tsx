import { useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import { fill, text } from '../../lib/i18n.ts';

/**
 * The reminder itself (ConfirmEmailBanner.tsx shows it): what a confirmed
 * email address is needed for, and 'Resend the link'.
 */
export const ConfirmEmailNotice = ({ email }: { email: string }) => {
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const { message } = await apiRoute('POST /auth/verify-email/resend');
      setAnswer({ ok: true, text: message });
    } catch (error) {
      setAnswer({ ok: false, text: describeError(error, text('common.confirmEmail.failed')) });
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="alert alert-info confirm-email" data-testid="confirm-email">
      <strong>{text('common.confirmEmail.title')}</strong>
      <p style={{ margin: '0.25rem 0 0.5rem', overflowWrap: 'anywhere' }}>
        {fill('common.confirmEmail.text', { email })}
      </p>
      <button type="button" className="button" disabled={sending} onClick={() => void resend()}>
        {text(sending ? 'common.confirmEmail.sending' : 'common.confirmEmail.resend')}
      </button>
      {answer && (
        <p role={answer.ok ? 'status' : 'alert'} style={{ margin: '0.5rem 0 0' }}>
          {answer.text}
        </p>
      )}
    </section>
  );
};

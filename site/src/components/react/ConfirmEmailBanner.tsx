import { useState } from 'react';
import { apiRoute, describeError } from '../../lib/api.ts';
import { fill, text } from '../../lib/i18n.ts';
import { useAuth } from './useAuth.ts';

/**
 * A calm reminder for a signed-in account whose email address is not
 * confirmed yet, where it matters (the dashboard, the profile, adding a
 * property, a property's message and report): what it is needed for, and
 * 'Resend the link'. Nothing for visitors or confirmed accounts.
 */
export const ConfirmEmailBanner = () => {
  const auth = useAuth();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  if (auth.status !== 'authenticated' || auth.user.emailVerified) return null;

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
        {fill('common.confirmEmail.text', { email: auth.user.email })}
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

import { useEffect, useState } from 'react';
import { ApiError, apiRoute, describeError } from '../lib/api.ts';
import { fill, text } from '../lib/i18n.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { AuthCard } from '../components/react/AuthCard.tsx';
import { useHydrated } from '../components/react/useHydrated.ts';

/** Its apostrophes make it an ICU message (parsed on the page): fill(), not text(). */
const invalid = () => fill('auth.verify.invalid');

type Outcome = { status: 'checking' } | { status: 'done' | 'failed'; message: string };

/** The link's token as the email carries it (`<account>.<43 characters>`); null when malformed. */
const tokenFromUrl = (): string | null => {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
};

/**
 * /verify-email?token=…: the email's link. It confirms the address at once
 * (no sign-in: the link is the proof) and says so, with a way on; a link
 * that cannot (expired, forged, cut short) says what to do instead.
 */
const VerifyEmail = () => {
  const hydrated = useHydrated();
  const [outcome, setOutcome] = useState<Outcome>({ status: 'checking' });
  useEffect(() => {
    if (!hydrated) return;
    const token = tokenFromUrl();
    if (!token) {
      setOutcome({ status: 'failed', message: invalid() });
      return;
    }
    apiRoute('POST /auth/verify-email', { json: { token } }).then(
      ({ message }) => setOutcome({ status: 'done', message }),
      (error: unknown) =>
        setOutcome({
          status: 'failed',
          message:
            error instanceof ApiError && error.status === 400
              ? error.message || invalid()
              : describeError(error, text('auth.verify.failed')),
        }),
    );
  }, [hydrated]);

  if (outcome.status === 'checking') return <Spinner />;
  const done = outcome.status === 'done';
  return (
    <AuthCard title={text(done ? 'auth.verify.doneTitle' : 'auth.verify.failedTitle')}>
      <p
        className={`alert ${done ? 'alert-success' : 'alert-error'}`}
        role="status"
        data-testid="verify-result"
      >
        {outcome.message}
      </p>
      <a
        className="button button-primary"
        style={{ width: '100%' }}
        href={done ? '/dashboard' : '/profile'}
      >
        {text(done ? 'auth.verify.toDashboard' : 'auth.verify.signInForNew')}
      </a>
    </AuthCard>
  );
};

export default function VerifyEmailPage() {
  return (
    <ErrorBoundary>
      <VerifyEmail />
    </ErrorBoundary>
  );
}

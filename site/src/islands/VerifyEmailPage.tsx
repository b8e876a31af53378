import { useEffect, useState } from 'react';
import { ApiError, apiRoute, describeError } from '../lib/api.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Spinner } from '../components/react/Spinner.tsx';
import { AuthCard } from '../components/react/AuthCard.tsx';
import { useHydrated } from '../components/react/useHydrated.ts';

const INVALID =
  "This link is not valid (perhaps it was cut short). Sign in and choose 'Resend the link' to get a new one.";

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
      setOutcome({ status: 'failed', message: INVALID });
      return;
    }
    apiRoute('POST /auth/verify-email', { json: { token } }).then(
      ({ message }) => setOutcome({ status: 'done', message }),
      (error: unknown) =>
        setOutcome({
          status: 'failed',
          message:
            error instanceof ApiError && error.status === 400
              ? error.message || INVALID
              : describeError(
                  error,
                  'Your email address could not be confirmed. Please try again.',
                ),
        }),
    );
  }, [hydrated]);

  if (outcome.status === 'checking') return <Spinner />;
  const done = outcome.status === 'done';
  return (
    <AuthCard title={done ? 'Email address confirmed' : 'Link not valid'}>
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
        {done ? 'Go to your dashboard' : 'Sign in to get a new link'}
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

import { useRef, useState, type FormEvent } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import { validateLoginField } from '../lib/validation.ts';
import { Alert } from '../components/react/Alert.tsx';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { errorAria, Field } from '../components/react/Field.tsx';
import { useBusy } from '../components/react/useBusy.ts';
import { useHydrated } from '../components/react/useHydrated.ts';
import { AuthCard, AuthSubmit, BackToSignIn } from '../components/react/AuthCard.tsx';

/** What the page says once the server took the request: its own words, and what to do next. */
const CheckYourEmail = ({ message }: { message: string }) => (
  <AuthCard title="Check your email">
    <Alert className="alert alert-success" message={message} />
    <p className="muted">
      The link works once, for 30 minutes. Nothing arrived? Look in your spam folder, or ask again
      in a few minutes.
    </p>
    <BackToSignIn />
  </AuthCard>
);

/**
 * /forgot-password: one email field. The answer is the same whether or not
 * the email has an account, so the page says what the server says and
 * never whether an account exists.
 */
const ForgotPassword = () => {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [serverError, setServerError] = useState('');
  const [sent, setSent] = useState('');
  const { busy: submitting, run } = useBusy();
  const hydrated = useHydrated();
  const input = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateLoginField('email', email);
    setError(problem);
    if (problem) {
      input.current?.focus();
      return;
    }
    setServerError('');
    await run(
      async () => {
        const { message } = await apiRoute('POST /auth/forgot-password', {
          json: { email: email.trim() },
        });
        setSent(message);
      },
      (failure) => setServerError(describeError(failure, 'An unexpected error occurred.')),
    );
  };

  if (sent) return <CheckYourEmail message={sent} />;

  return (
    <AuthCard title="Forgot password?">
      <p className="muted">Enter your email and we will send you a link to reset your password.</p>
      <Alert className="alert alert-error" message={serverError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field id="email" label="Email address" error={error}>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            ref={input}
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(validateLoginField('email', e.target.value));
            }}
            onBlur={() => setError(validateLoginField('email', email))}
            {...errorAria('email', error)}
          />
        </Field>
        <AuthSubmit busy={submitting} busyLabel="Sending..." disabled={!hydrated}>
          Send reset link
        </AuthSubmit>
      </form>
      <p className="center">
        Remembered it? <a href="/login">Sign in</a>
      </p>
    </AuthCard>
  );
};

export default function ForgotPasswordForm() {
  return (
    <ErrorBoundary>
      <ForgotPassword />
    </ErrorBoundary>
  );
}

import { useRef, useState, type FormEvent } from 'react';
import { describeError, apiRoute } from '../lib/api.ts';
import { validateLoginField } from '../lib/validation.ts';
import { Alert } from '../components/react/Alert.tsx';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { errorAria, Field } from '../components/react/Field.tsx';
import { useHydrated } from '../components/react/useHydrated.ts';

/** What the page says once the server took the request: its own words, and what to do next. */
const CheckYourEmail = ({ message }: { message: string }) => (
  <div className="card auth-card">
    <h1>Check your email</h1>
    <Alert className="alert alert-success" message={message} />
    <p className="muted">
      The link works once, for 30 minutes. Nothing arrived? Look in your spam folder, or ask again
      in a few minutes.
    </p>
    <p className="center">
      <a href="/login">Back to sign in</a>
    </p>
  </div>
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
  const [submitting, setSubmitting] = useState(false);
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
    setSubmitting(true);
    setServerError('');
    try {
      const { message } = await apiRoute('POST /auth/forgot-password', {
        json: { email: email.trim() },
      });
      setSent(message);
    } catch (failure) {
      setServerError(describeError(failure, 'An unexpected error occurred.'));
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) return <CheckYourEmail message={sent} />;

  return (
    <div className="card auth-card">
      <h1>Forgot password?</h1>
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
        <button
          type="submit"
          className="button button-primary"
          style={{ width: '100%' }}
          disabled={!hydrated || submitting}
        >
          {submitting ? 'Sending...' : 'Send reset link'}
        </button>
      </form>
      <p className="center">
        Remembered it? <a href="/login">Sign in</a>
      </p>
    </div>
  );
};

export default function ForgotPasswordForm() {
  return (
    <ErrorBoundary>
      <ForgotPassword />
    </ErrorBoundary>
  );
}

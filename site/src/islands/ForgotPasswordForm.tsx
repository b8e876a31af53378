import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { text } from '../lib/i18n.ts';
import { formatRich } from '../lib/i18nFormat.ts';
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
  <AuthCard title={text('auth.forgot.sentTitle')}>
    <Alert className="alert alert-success" message={message} />
    <p className="muted">{text('auth.forgot.sentHelp')}</p>
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
      (failure) => setServerError(describeError(failure, text('common.unexpectedError'))),
    );
  };

  if (sent) return <CheckYourEmail message={sent} />;

  return (
    <AuthCard title={text('auth.forgot.title')}>
      <p className="muted">{text('auth.forgot.subtitle')}</p>
      <Alert className="alert alert-error" message={serverError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field id="email" label={text('auth.email')} error={error}>
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
        <AuthSubmit busy={submitting} busyLabel={text('auth.forgot.busy')} disabled={!hydrated}>
          {text('auth.forgot.submit')}
        </AuthSubmit>
      </form>
      <p className="center">
        {richNodes(
          formatRich<ReactNode>('auth.forgot.remembered', {
            link: (chunks) => <a href="/login">{chunks}</a>,
          }),
        )}
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

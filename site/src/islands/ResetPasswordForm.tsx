import { useRef, useState, type FormEvent } from 'react';
import { ApiError, describeError, apiRoute } from '../lib/api.ts';
import { validateNewPassword } from '../lib/validation.ts';
import { text } from '../lib/i18n.ts';
import { carryToast } from '../stores/toasts.ts';
import { Alert } from '../components/react/Alert.tsx';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { errorAria, Field, focusFirstError } from '../components/react/Field.tsx';
import { useBusy } from '../components/react/useBusy.ts';
import { PasswordInput } from '../components/react/PasswordInput.tsx';
import { useHydrated } from '../components/react/useHydrated.ts';
import { AuthCard, AuthSubmit, BackToSignIn } from '../components/react/AuthCard.tsx';

type Errors = { newPassword?: string; confirmPassword?: string };

/** The link's token, as the reset email carries it (`<account>.<43 characters>`); null when malformed. */
const tokenFromUrl = (): string | null => {
  const token = new URLSearchParams(window.location.search).get('token');
  return token && /^[A-Za-z0-9_-]{1,64}\.[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
};

/** A link that cannot work (malformed, used, expired): the reason and the way to a new one. */
const BadLink = ({ message }: { message: string }) => (
  <AuthCard title={text('auth.reset.badLinkTitle')}>
    <Alert className="alert alert-error" message={message} />
    <a className="button button-primary" style={{ width: '100%' }} href="/forgot-password">
      {text('auth.reset.askNew')}
    </a>
    <BackToSignIn />
  </AuthCard>
);

/**
 * /reset-password?token=…: new password and its confirmation, with SPEC's
 * rules and messages. On success the user signs in again (every earlier
 * session ended with the reset).
 */
const ResetPassword = () => {
  const hydrated = useHydrated();
  const [values, setValues] = useState({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const [linkError, setLinkError] = useState('');
  const { busy: submitting, run } = useBusy();
  const refs = {
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  if (!hydrated) return null;
  const token = tokenFromUrl();
  if (!token) return <BadLink message={text('auth.reset.invalid')} />;
  if (linkError) return <BadLink message={linkError} />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = validateNewPassword(values.newPassword, values.confirmPassword);
    setErrors(next);
    if (focusFirstError(['newPassword', 'confirmPassword'], next, refs)) return;
    setServerError('');
    await run(
      async () => {
        const { message } = await apiRoute('POST /auth/reset-password', {
          json: { token, newPassword: values.newPassword },
        });
        carryToast('success', message);
        window.location.assign('/login');
      },
      (error) => {
        // A 400 without field errors is about the link itself (used, expired, not valid).
        if (error instanceof ApiError && error.status === 400 && error.errors.length === 0)
          setLinkError(error.message || text('auth.reset.invalid'));
        else setServerError(describeError(error, text('common.unexpectedError')));
      },
      { leaving: true },
    );
  };

  const field = (name: keyof Errors) => ({
    id: name,
    name,
    value: values[name],
    inputRef: refs[name],
    autoComplete: 'new-password',
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    ...errorAria(name, errors[name]),
  });

  return (
    <AuthCard title={text('auth.reset.title')}>
      <p className="muted">{text('auth.reset.subtitle')}</p>
      <Alert className="alert alert-error" message={serverError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field id="newPassword" label={text('auth.reset.newPassword')} error={errors.newPassword}>
          <PasswordInput {...field('newPassword')} />
        </Field>
        <Field
          id="confirmPassword"
          label={text('auth.reset.confirmPassword')}
          error={errors.confirmPassword}
        >
          <PasswordInput {...field('confirmPassword')} />
        </Field>
        <AuthSubmit busy={submitting} busyLabel={text('auth.reset.busy')}>
          {text('auth.reset.submit')}
        </AuthSubmit>
      </form>
    </AuthCard>
  );
};

export default function ResetPasswordForm() {
  return (
    <ErrorBoundary>
      <ResetPassword />
    </ErrorBoundary>
  );
}

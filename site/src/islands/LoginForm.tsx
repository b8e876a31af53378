import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import { text } from '../lib/i18n.ts';
import { formatRich } from '../lib/i18nFormat.ts';
import { ApiError, describeError } from '../lib/api.ts';
import { validateLoginField, type LoginField } from '../lib/validation.ts';
import { safeRedirect } from '../lib/redirect.ts';
import { homeFor } from '../lib/roleHome.ts';
import type { Role } from '../lib/types.ts';
import { login } from '../stores/auth.ts';
import { carryToast } from '../stores/toasts.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { errorAria, Field, focusFirstError } from '../components/react/Field.tsx';
import { useBusy } from '../components/react/useBusy.ts';
import { PasswordInput } from '../components/react/PasswordInput.tsx';
import { SocialButtons } from '../components/react/SocialButtons.tsx';
import { useHydrated } from '../components/react/useHydrated.ts';
import { useTypedBeforeHydration } from '../components/react/useTypedBeforeHydration.ts';
import { useAuth } from '../components/react/useAuth.ts';
import { Alert } from '../components/react/Alert.tsx';
import { AuthCard, AuthSubmit } from '../components/react/AuthCard.tsx';

type Errors = Partial<Record<LoginField, string>>;

/** Where to go after login: the `redirect` path when it stays on this site, else the user's home. */
const destination = (role: Role | undefined) =>
  safeRedirect(
    new URLSearchParams(window.location.search).get('redirect'),
    window.location.origin,
  ) ?? homeFor(role);

/** /login (SPEC §2, §5, §8): checks on blur and submit; the first bad field gets focus. */
const Login = () => {
  const auth = useAuth();
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [serverError, setServerError] = useState('');
  const hydrated = useHydrated();
  const { busy: submitting, run } = useBusy();
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const form = useTypedBeforeHydration(['email', 'password'] as const, {}, (typed) =>
    setValues((v) => ({ ...v, ...typed })),
  );

  useEffect(() => {
    if (auth.status === 'authenticated' && !submitting)
      window.location.replace(destination(auth.user.role));
  }, [auth, submitting]);

  const check = (field: LoginField, value: string) =>
    setErrors((e) => ({ ...e, [field]: validateLoginField(field, value) }));

  const change = (field: LoginField) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) check(field, value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Errors = {
      email: validateLoginField('email', values.email),
      password: validateLoginField('password', values.password),
    };
    setErrors(next);
    if (focusFirstError(['email', 'password'], next, refs)) return;
    setServerError('');
    await run(
      async () => {
        const user = await login(values.email.trim(), values.password);
        carryToast('success', text('auth.login.success'));
        window.location.replace(destination(user.role));
      },
      (error) => {
        const failed = text('auth.login.failed');
        setServerError(error instanceof ApiError ? describeError(error, failed) : failed);
        refs.password.current?.focus();
      },
      { leaving: true },
    );
  };

  const filled = values.email.trim() !== '' && values.password !== '';
  const clean = !errors.email && !errors.password;
  const fieldProps = (field: LoginField) => ({
    id: field,
    name: field,
    value: values[field],
    onChange: change(field),
    onBlur: () => check(field, values[field]),
    ...errorAria(field, errors[field]),
  });

  return (
    <AuthCard title={text('auth.login.title')}>
      <p className="muted">{text('auth.login.subtitle')}</p>
      <Alert className="alert alert-error" message={serverError} />
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        <Field id="email" label={text('auth.email')} error={errors.email}>
          <input {...fieldProps('email')} ref={refs.email} type="email" autoComplete="email" />
        </Field>
        <Field id="password" label={text('auth.password')} error={errors.password}>
          <PasswordInput
            {...fieldProps('password')}
            inputRef={refs.password}
            autoComplete="current-password"
          />
        </Field>
        <div className="row-between">
          <label className="checkbox">
            <input type="checkbox" name="remember" /> {text('auth.login.remember')}
          </label>
          <a href="/forgot-password">{text('auth.login.forgot')}</a>
        </div>
        <AuthSubmit
          busy={submitting}
          busyLabel={text('auth.login.busy')}
          disabled={!hydrated || !filled || !clean}
        >
          {text('auth.login.submit')}
        </AuthSubmit>
      </form>
      <SocialButtons />
      <p className="center">
        {richNodes(
          formatRich<ReactNode>('auth.login.noAccount', {
            link: (chunks) => <a href="/register">{chunks}</a>,
          }),
        )}
      </p>
    </AuthCard>
  );
};

export default function LoginForm() {
  return (
    <ErrorBoundary>
      <Login />
    </ErrorBoundary>
  );
}

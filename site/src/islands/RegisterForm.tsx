import { useState, type FormEvent, type ReactNode } from 'react';
import { richNodes } from '@rentals/core/i18n/rich.tsx';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { pageLocale, text } from '../lib/i18n.ts';
import { formatRich } from '../lib/i18nFormat.ts';
import { describeError } from '../lib/api.ts';
import type { Role } from '../lib/types.ts';
import { LIMITS, cleanPhone, validateRegister, type RegisterValues } from '../lib/validation.ts';
import { register } from '../stores/auth.ts';
import { carryToast, toast } from '../stores/toasts.ts';
import { ErrorBoundary } from '../components/react/ErrorBoundary.tsx';
import { Field } from '../components/react/Field.tsx';
import { PasswordInput } from '../components/react/PasswordInput.tsx';
import { SocialButtons } from '../components/react/SocialButtons.tsx';
import { useBusy } from '../components/react/useBusy.ts';
import { useHydrated } from '../components/react/useHydrated.ts';
import { useTypedBeforeHydration } from '../components/react/useTypedBeforeHydration.ts';
import { Alert } from '../components/react/Alert.tsx';
import { AuthCard, AuthSubmit } from '../components/react/AuthCard.tsx';

const REGISTER_FIELDS = ['name', 'email', 'phone', 'role', 'password', 'confirmPassword'] as const;

/** /register: checked on submit, errors listed in an alert (SPEC §5); success → /dashboard. */
const Register = () => {
  const [values, setValues] = useState<RegisterValues & { role: Role }>({
    name: '',
    email: '',
    phone: '',
    role: 'homeowner',
    password: '',
    confirmPassword: '',
  });
  const form = useTypedBeforeHydration(REGISTER_FIELDS, { role: 'homeowner' }, (typed) => {
    const { role, phone, ...text } = typed;
    setValues((v) => ({
      ...v,
      ...text,
      ...(phone === undefined ? {} : { phone: cleanPhone(phone) }),
      ...(role === undefined ? {} : { role: role === 'tenant' ? 'tenant' : 'homeowner' }),
    }));
  });
  const hydrated = useHydrated();
  const { busy: submitting, run } = useBusy();
  const [serverError, setServerError] = useState('');
  const set = (key: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((v) => ({
      ...v,
      [key]: key === 'phone' ? cleanPhone(event.target.value) : event.target.value,
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors = validateRegister(values);
    if (errors.length > 0) {
      window.alert(
        `${text('auth.register.fixErrors')}\n\n${errors.map((e) => `• ${e}`).join('\n')}`,
      );
      return;
    }
    setServerError('');
    await run(
      async () => {
        await register({
          name: values.name.trim(),
          email: values.email.trim(),
          phone: values.phone,
          password: values.password,
          role: values.role,
          language: pageLocale(),
        });
        carryToast('success', text('auth.register.success'));
        window.location.replace('/dashboard');
      },
      (error) => {
        const message = describeError(error, text('common.unexpectedError'));
        setServerError(message);
        toast.error(message);
      },
      { leaving: true },
    );
  };

  const input = (
    key: 'name' | 'email' | 'phone',
    label: MessageId,
    extra: Record<string, unknown>,
  ) => (
    <Field id={key} label={text(label)}>
      <input id={key} name={key} value={values[key]} onChange={set(key)} required {...extra} />
    </Field>
  );
  const password = (key: 'password' | 'confirmPassword', label: MessageId) => (
    <Field id={key} label={text(label)}>
      <PasswordInput
        id={key}
        name={key}
        value={values[key]}
        onChange={set(key)}
        autoComplete="new-password"
        maxLength={LIMITS.password.max}
      />
    </Field>
  );

  return (
    <AuthCard title={text('auth.register.title')}>
      <p className="muted">{text('auth.register.subtitle')}</p>
      <Alert className="alert alert-error" message={serverError} />
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        {input('name', 'auth.register.name', { autoComplete: 'name', maxLength: LIMITS.name.max })}
        {input('email', 'auth.register.email', { type: 'email', autoComplete: 'email' })}
        {input('phone', 'auth.register.phone', {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          maxLength: LIMITS.phoneDigits,
          placeholder: text('auth.register.phonePlaceholder'),
        })}
        <Field id="role" label={text('auth.register.role')}>
          <select id="role" name="role" value={values.role} onChange={set('role')}>
            <option value="homeowner">{text('auth.register.homeowner')}</option>
            <option value="tenant">{text('auth.register.tenant')}</option>
          </select>
        </Field>
        {password('password', 'auth.password')}
        {password('confirmPassword', 'auth.register.confirmPassword')}
        <AuthSubmit busy={submitting} busyLabel={text('auth.register.busy')} disabled={!hydrated}>
          {text('auth.register.submit')}
        </AuthSubmit>
      </form>
      <SocialButtons />
      <p className="center">
        {richNodes(
          formatRich<ReactNode>('auth.register.haveAccount', {
            link: (chunks) => <a href="/login">{chunks}</a>,
          }),
        )}
      </p>
    </AuthCard>
  );
};

export default function RegisterForm() {
  return (
    <ErrorBoundary>
      <Register />
    </ErrorBoundary>
  );
}

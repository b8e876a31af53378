import { useState, type FormEvent } from 'react';
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
      window.alert(`Please fix the following errors:\n\n${errors.map((e) => `• ${e}`).join('\n')}`);
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
        });
        carryToast('success', 'Registration successful!');
        window.location.replace('/dashboard');
      },
      (error) => {
        const message = describeError(error, 'An unexpected error occurred.');
        setServerError(message);
        toast.error(message);
      },
      { leaving: true },
    );
  };

  const text = (key: 'name' | 'email' | 'phone', label: string, extra: Record<string, unknown>) => (
    <Field id={key} label={label}>
      <input id={key} name={key} value={values[key]} onChange={set(key)} required {...extra} />
    </Field>
  );
  const password = (key: 'password' | 'confirmPassword', label: string) => (
    <Field id={key} label={label}>
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
    <AuthCard title="Create your account">
      <p className="muted">Join to list or find rental homes across India</p>
      <Alert className="alert alert-error" message={serverError} />
      <form ref={form} onSubmit={(e) => void submit(e)} noValidate>
        {text('name', 'Full Name', { autoComplete: 'name', maxLength: LIMITS.name.max })}
        {text('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {text('phone', 'Phone', {
          type: 'tel',
          inputMode: 'numeric',
          autoComplete: 'tel-national',
          maxLength: LIMITS.phoneDigits,
          placeholder: '10-digit mobile number',
        })}
        <Field id="role" label="I am a">
          <select id="role" name="role" value={values.role} onChange={set('role')}>
            <option value="homeowner">Homeowner</option>
            <option value="tenant">Tenant</option>
          </select>
        </Field>
        {password('password', 'Password')}
        {password('confirmPassword', 'Confirm Password')}
        <AuthSubmit busy={submitting} busyLabel="Creating Account..." disabled={!hydrated}>
          Create Account
        </AuthSubmit>
      </form>
      <SocialButtons />
      <p className="center">
        Already have an account? <a href="/login">Sign in</a>
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

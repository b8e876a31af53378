import { ConfirmEmailBanner } from '../components/react/ConfirmEmailBanner.tsx';
import { useRef, useState, type FormEvent } from 'react';
import { ApiError, describeError } from '../lib/api.ts';
import { text } from '../lib/i18n.ts';
import type { User } from '../lib/types.ts';
import { nameError, phoneError, validateNewPassword } from '../lib/validation.ts';
import { changePassword, logoutEverywhere, updateProfile } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { Alert } from '../components/react/Alert.tsx';
import { errorAria, Field, focusFirstError } from '../components/react/Field.tsx';
import { GuardedIsland } from '../components/react/Guarded.tsx';
import { PasswordInput } from '../components/react/PasswordInput.tsx';
import { useBusy } from '../components/react/useBusy.ts';
import { BusyButton } from '../components/react/BusyButton.tsx';
import { EmailLanguage } from '../components/react/EmailLanguage.tsx';
import { PushSettings } from '../components/react/PushSettings.tsx';
import { DataSaverSetting } from '../components/react/DataSaverSetting.tsx';

/** Read while rendering or acting, in the page's language. */
const failed = () => text('common.unexpectedError');

/** Field errors the server sent, by field, for the fields this form shows. */
const serverFieldErrors = <F extends string>(error: unknown, fields: readonly F[]) => {
  const found: Partial<Record<F, string>> = {};
  if (error instanceof ApiError)
    for (const e of error.errors) {
      const path = (e.path ?? e.param ?? '') as F;
      if (fields.includes(path)) found[path] ??= e.msg;
    }
  return found;
};

/** A profile form's submit button. */
const SaveButton = ({ busy, children }: { busy: boolean; children: string }) => (
  <BusyButton
    type="submit"
    className="button button-primary"
    busy={busy}
    busyLabel={text('account.saving')}
  >
    {children}
  </BusyButton>
);

/** Name and phone (email and role are not self-service). */
const DetailsForm = ({ user }: { user: User }) => {
  const [values, setValues] = useState({ name: user.name, phone: user.phone });
  const [errors, setErrors] = useState<{ name?: string; phone?: string }>({});
  const { busy: saving, run } = useBusy();
  const refs = { name: useRef<HTMLInputElement>(null), phone: useRef<HTMLInputElement>(null) };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = { name: nameError(values.name), phone: phoneError(values.phone) };
    setErrors(next);
    if (focusFirstError(['name', 'phone'], next, refs)) return;
    await run(
      async () => {
        await updateProfile({ name: values.name.trim(), phone: values.phone });
        toast.success(text('account.details.saved'));
      },
      (error) => {
        const fields = serverFieldErrors(error, ['name', 'phone'] as const);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else toast.error(describeError(error, failed()));
      },
    );
  };

  const field = (name: 'name' | 'phone') => ({
    id: `profile-${name}`,
    name,
    ref: refs[name],
    value: values[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    ...errorAria(`profile-${name}`, errors[name]),
  });

  return (
    <section className="card" aria-labelledby="details-heading">
      <h2 id="details-heading">{text('account.details.title')}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field id="profile-name" label={text('account.details.name')} error={errors.name}>
          <input {...field('name')} autoComplete="name" />
        </Field>
        <Field id="profile-email" label={text('account.details.email')}>
          <input id="profile-email" value={user.email} readOnly disabled />
        </Field>
        <Field id="profile-phone" label={text('account.details.phone')} error={errors.phone}>
          <input
            {...field('phone')}
            type="tel"
            inputMode="numeric"
            maxLength={10}
            autoComplete="tel-national"
          />
        </Field>
        <SaveButton busy={saving}>{text('account.details.save')}</SaveButton>
      </form>
    </section>
  );
};

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Current + new + confirm; this device stays signed in, every other one is signed out. */
const PasswordForm = () => {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [serverError, setServerError] = useState('');
  const { busy: saving, run } = useBusy();
  const refs = {
    currentPassword: useRef<HTMLInputElement>(null),
    newPassword: useRef<HTMLInputElement>(null),
    confirmPassword: useRef<HTMLInputElement>(null),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next = {
      currentPassword: values.currentPassword
        ? undefined
        : text('account.password.currentRequired'),
      ...validateNewPassword(values.newPassword, values.confirmPassword),
    };
    setErrors(next);
    if (focusFirstError(PASSWORD_FIELDS, next, refs)) return;
    setServerError('');
    await run(
      async () => {
        await changePassword(values.currentPassword, values.newPassword);
        setValues(EMPTY);
        toast.success(text('account.password.changed'));
      },
      (error) => {
        const fields = serverFieldErrors(error, PASSWORD_FIELDS);
        if (Object.keys(fields).length > 0) setErrors(fields);
        else setServerError(describeError(error, failed()));
      },
    );
  };

  const field = (name: PasswordField, autoComplete: string) => ({
    id: name,
    name,
    autoComplete,
    value: values[name],
    inputRef: refs[name],
    onChange: (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [name]: e.target.value })),
    ...errorAria(name, errors[name]),
  });

  return (
    <section className="card" aria-labelledby="password-heading">
      <h2 id="password-heading">{text('account.password.title')}</h2>
      <p className="muted">{text('account.password.intro')}</p>
      <Alert className="alert alert-error" message={serverError} />
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Field
          id="currentPassword"
          label={text('account.password.current')}
          error={errors.currentPassword}
        >
          <PasswordInput {...field('currentPassword', 'current-password')} />
        </Field>
        <Field id="newPassword" label={text('account.password.new')} error={errors.newPassword}>
          <PasswordInput {...field('newPassword', 'new-password')} />
        </Field>
        <Field
          id="confirmPassword"
          label={text('account.password.confirm')}
          error={errors.confirmPassword}
        >
          <PasswordInput {...field('confirmPassword', 'new-password')} />
        </Field>
        <SaveButton busy={saving}>{text('account.password.submit')}</SaveButton>
      </form>
    </section>
  );
};

/** Ends every session, this one included, after one confirmation. */
const SignOutEverywhere = () => {
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusy();
  const signOut = () =>
    run(logoutEverywhere, (error) => toast.error(describeError(error, failed())), {
      leaving: true,
    });
  return (
    <section className="card" aria-labelledby="devices-heading">
      <h2 id="devices-heading">{text('account.devices.title')}</h2>
      <p className="muted">{text('account.devices.intro')}</p>
      {confirming ? (
        <div className="row-between" role="group" aria-label={text('account.devices.confirmLabel')}>
          <BusyButton
            className="button button-danger"
            busy={busy}
            busyLabel={text('account.devices.busy')}
            onClick={() => void signOut()}
          >
            {text('account.devices.confirm')}
          </BusyButton>
          <button type="button" className="button" onClick={() => setConfirming(false)}>
            {text('common.cancel')}
          </button>
        </div>
      ) : (
        <button type="button" className="button" onClick={() => setConfirming(true)}>
          {text('account.devices.title')}
        </button>
      )}
    </section>
  );
};

/** /profile: any signed-in user (SPEC §2). */
export default function ProfilePage() {
  return (
    <GuardedIsland>
      {(user) => (
        <div className="profile-page">
          <h1>{text('account.title')}</h1>
          <ConfirmEmailBanner />
          <DetailsForm user={user} />
          <EmailLanguage user={user} />
          <PushSettings user={user} />
          <DataSaverSetting />
          <PasswordForm />
          <SignOutEverywhere />
        </div>
      )}
    </GuardedIsland>
  );
}

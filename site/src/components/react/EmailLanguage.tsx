import { LOCALE_NAMES, LOCALES, isLocale } from '@rentals/core/i18n/locales';
import type { User } from '../../lib/types.ts';
import { describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import { updateProfile } from '../../stores/auth.ts';
import { toast } from '../../stores/toasts.ts';
import { Field } from './Field.tsx';
import { useBusy } from './useBusy.ts';

/**
 * The language the account's emails and alerts are written in (issue 42),
 * each named in itself. Saved as soon as it is chosen.
 */
export const EmailLanguage = ({ user }: { user: User }) => {
  const { busy, run } = useBusy();
  const choose = (language: string) => {
    if (!isLocale(language)) return;
    void run(
      async () => {
        await updateProfile({ language });
        toast.success(text('account.language.saved'));
      },
      (error) => toast.error(describeError(error, text('common.unexpectedError'))),
    );
  };
  return (
    <section className="card" aria-labelledby="language-heading">
      <h2 id="language-heading">{text('account.language.title')}</h2>
      <Field id="profile-language" label={text('account.language.label')}>
        <select
          id="profile-language"
          value={user.language}
          disabled={busy}
          onChange={(e) => choose(e.target.value)}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </select>
      </Field>
    </section>
  );
};

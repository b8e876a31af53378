import { useStore } from '@nanostores/react';
import { text } from '../../../lib/i18n.ts';
import { Checkbox } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

export const ContactPreferences = ({ form }: { form: PropertyFormStore }) => {
  const { showPhone, showEmail } = useStore(form.$values);
  return (
    <section className="card form-section">
      <h2>{text('propertyForm.contact')}</h2>
      <Checkbox
        label={text('propertyForm.showPhone')}
        checked={showPhone}
        onChange={(on) => form.setField('showPhone', on)}
      />
      <Checkbox
        label={text('propertyForm.showEmail')}
        checked={showEmail}
        onChange={(on) => form.setField('showEmail', on)}
      />
    </section>
  );
};

import { useStore } from '@nanostores/react';
import { Checkbox } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

export const ContactPreferences = ({ form }: { form: PropertyFormStore }) => {
  const { showPhone, showEmail } = useStore(form.$values);
  return (
    <section className="card form-section">
      <h2>Contact Preferences</h2>
      <Checkbox
        label="Show my phone number"
        checked={showPhone}
        onChange={(on) => form.setField('showPhone', on)}
      />
      <Checkbox
        label="Show my email address"
        checked={showEmail}
        onChange={(on) => form.setField('showEmail', on)}
      />
    </section>
  );
};

import { useStore } from '@nanostores/react';
import { FORM_FACILITIES, shownFacilities } from '../../../lib/propertyForm.ts';
import { facilityLabel } from '../../../lib/labels.ts';
import { text } from '../../../lib/i18n.ts';
import { Checkbox } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

export const AvailableFacilities = ({ form }: { form: PropertyFormStore }) => {
  // Furnished, parking and pets are views of their terms (changing a term changes its box).
  const facilities = shownFacilities(useStore(form.$values));
  return (
    <section className="card form-section">
      <h2>{text('propertyForm.facilities.title')}</h2>
      <div className="facility-grid">
        {FORM_FACILITIES.map((f) => (
          <Checkbox
            key={f}
            name={f}
            label={facilityLabel(f)}
            checked={facilities[f]}
            onChange={(on) => form.setFacility(f, on)}
          />
        ))}
      </div>
    </section>
  );
};

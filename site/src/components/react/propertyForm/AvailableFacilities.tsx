import { useStore } from '@nanostores/react';
import { FORM_FACILITIES } from '../../../lib/propertyForm.ts';
import { FACILITY_LABELS } from '../facilityLabels.ts';
import { Checkbox } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

export const AvailableFacilities = ({ form }: { form: PropertyFormStore }) => {
  const facilities = useStore(form.$values).facilities;
  return (
    <section className="card form-section">
      <h2>Available Facilities</h2>
      <div className="facility-grid">
        {FORM_FACILITIES.map((f) => (
          <Checkbox
            key={f}
            name={f}
            label={FACILITY_LABELS[f]}
            checked={facilities[f]}
            onChange={(on) => form.setFacility(f, on)}
          />
        ))}
      </div>
    </section>
  );
};

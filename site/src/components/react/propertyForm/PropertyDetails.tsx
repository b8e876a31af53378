import { NUMBER_FIELDS, type NumberField as Name } from '../../../lib/propertyForm.ts';
import { NumberField } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

const LABELS: Record<Name, string> = {
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  areaSqft: 'Area (sq ft)',
  floor: 'Floor',
  totalFloors: 'Total Floors',
};

export const PropertyDetails = ({ form }: { form: PropertyFormStore }) => (
  <section className="card form-section">
    <h2>Property Details</h2>
    <div className="grid-2">
      {NUMBER_FIELDS.map((name) => (
        <NumberField key={name} form={form} name={name} label={LABELS[name]} />
      ))}
    </div>
  </section>
);

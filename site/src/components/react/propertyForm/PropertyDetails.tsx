import { NUMBER_FIELDS, type NumberField as Name } from '../../../lib/propertyForm.ts';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { text } from '../../../lib/i18n.ts';
import { NumberField } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

const LABELS: Record<Name, MessageId> = {
  bedrooms: 'propertyForm.bedrooms',
  bathrooms: 'propertyForm.bathrooms',
  areaSqft: 'propertyForm.areaSqft',
  floor: 'propertyForm.floor',
  totalFloors: 'propertyForm.totalFloors',
};

export const PropertyDetails = ({ form }: { form: PropertyFormStore }) => (
  <section className="card form-section">
    <h2>{text('propertyForm.details')}</h2>
    <div className="grid-2">
      {NUMBER_FIELDS.map((name) => (
        <NumberField key={name} form={form} name={name} label={text(LABELS[name])} />
      ))}
    </div>
  </section>
);

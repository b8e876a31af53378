import { useStore } from '@nanostores/react';
import { LIMITS } from '../../../lib/validation.ts';
import { Field } from '../Field.tsx';
import { rentPeriod } from '../../../lib/format.ts';
import { Counter, InputField, RupeeField, SelectField, useControl } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

type Props = { form: PropertyFormStore };

const Description = ({ form }: Props) => {
  const value = useStore(form.$values).description;
  const { id, error, props } = useControl({ form, name: 'description' });
  return (
    <Field id={id} label="Description" error={error}>
      <textarea
        {...props}
        value={value}
        maxLength={LIMITS.description.max}
        onChange={(e) => form.setField('description', e.target.value)}
      />
      <Counter length={value.length} max={LIMITS.description.max} warnAbove={900} />
    </Field>
  );
};

const TYPES = [
  ['flat', 'Flat'],
  ['house', 'House'],
  ['PG', 'PG'],
] as const;
const RENT_TYPES = [
  ['monthly', 'Monthly'],
  ['yearly', 'Yearly'],
] as const;

/** Title and description with their counters, type, rent and rent type. */
export const BasicInformation = ({ form }: Props) => {
  const { title, rentType } = useStore(form.$values);
  return (
    <section className="card form-section">
      <h2>Basic Information</h2>
      <InputField
        form={form}
        name="title"
        label="Property Title"
        maxLength={LIMITS.title.max}
        placeholder="e.g. Spacious 2BHK near the metro"
        after={<Counter length={title.length} max={LIMITS.title.max} warnAbove={90} />}
      />
      <Description form={form} />
      <div className="grid-2">
        <SelectField form={form} name="propertyType" label="Property Type" options={TYPES} />
        <RupeeField
          form={form}
          name="rent"
          label="Rent (₹)"
          zeroWhenBlank
          per={`per ${rentPeriod(rentType)}`}
        />
        <SelectField form={form} name="rentType" label="Rent Type" options={RENT_TYPES} />
      </div>
    </section>
  );
};

import { useStore } from '@nanostores/react';
import type { MessageId } from '@rentals/core/i18n/catalogues';
import { LIMITS } from '../../../lib/validation.ts';
import { Field } from '../Field.tsx';
import { text } from '../../../lib/i18n.ts';
import { Counter, InputField, RupeeField, SelectField, useControl } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';

type Props = { form: PropertyFormStore };

const Description = ({ form }: Props) => {
  const value = useStore(form.$values).description;
  const { id, error, props } = useControl({ form, name: 'description' });
  return (
    <Field id={id} label={text('propertyForm.description')} error={error}>
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
  ['flat', 'propertyForm.type.flat'],
  ['house', 'propertyForm.type.house'],
  ['PG', 'propertyForm.type.PG'],
] as const;
const RENT_TYPES = [
  ['monthly', 'propertyForm.rentType.monthly'],
  ['yearly', 'propertyForm.rentType.yearly'],
] as const;

/** The options in the page's language (read while rendering: the server renders each language). */
const labelled = (options: readonly (readonly [string, MessageId])[]) =>
  options.map(([value, id]) => [value, text(id)] as const);

/** Title and description with their counters, type, rent and rent type. */
export const BasicInformation = ({ form }: Props) => {
  const { title, rentType } = useStore(form.$values);
  return (
    <section className="card form-section">
      <h2>{text('propertyForm.basic')}</h2>
      <InputField
        form={form}
        name="title"
        label={text('propertyForm.title')}
        maxLength={LIMITS.title.max}
        placeholder={text('propertyForm.titlePlaceholder')}
        after={<Counter length={title.length} max={LIMITS.title.max} warnAbove={90} />}
      />
      <Description form={form} />
      <div className="grid-2">
        <SelectField
          form={form}
          name="propertyType"
          label={text('propertyForm.propertyType')}
          options={labelled(TYPES)}
        />
        <RupeeField
          form={form}
          name="rent"
          label={text('propertyForm.rent')}
          zeroWhenBlank
          per={text(rentType === 'yearly' ? 'propertyForm.perYear' : 'propertyForm.perMonth')}
        />
        <SelectField
          form={form}
          name="rentType"
          label={text('propertyForm.rentType')}
          options={labelled(RENT_TYPES)}
        />
      </div>
    </section>
  );
};

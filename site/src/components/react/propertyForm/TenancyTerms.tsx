import { useStore } from '@nanostores/react';
import { Field } from '../Field.tsx';
import { InputField, useControl } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';
import {
  latestMoveIn,
  TENANCY_LIMITS,
  tenancyPayload,
  type TenancyFormField,
} from '../../../lib/tenancyForm.ts';
import {
  depositText,
  FACING_OPTIONS,
  FOOD_OPTIONS,
  FURNISHING_OPTIONS,
  HOME_TENANT_OPTIONS,
  NOT_SPECIFIED,
  PARKING_OPTIONS,
  PG_TENANT_OPTIONS,
  YES_NO_OPTIONS,
} from '../../../lib/tenancyText.ts';
import { numberOrZero } from '../../../lib/validation.ts';

type Props = { form: PropertyFormStore };
type Options = readonly (readonly [string, string])[];

/** A term chosen from a list; the first option, 'Not specified', leaves it out. */
const Select = ({
  form,
  name,
  label,
  options,
  blank = NOT_SPECIFIED,
}: Props & { name: TenancyFormField; label: string; options: Options; blank?: string | null }) => {
  const value = useStore(form.$values)[name];
  const { id, error, props } = useControl({ form, name });
  return (
    <Field id={id} label={label} error={error}>
      <select {...props} value={value} onChange={(e) => form.setField(name, e.target.value)}>
        {blank !== null && <option value="">{blank}</option>}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </Field>
  );
};

/** The deposit as typed, shown as both rupees and months of rent once it reads as a number. */
const DepositHint = ({ form }: Props) => {
  const values = useStore(form.$values);
  const tenancy = tenancyPayload(values);
  const rent = numberOrZero(values.rent);
  if (!(rent > 0) || (tenancy.depositRupees === undefined && tenancy.depositMonths === undefined))
    return null;
  const text = depositText({
    rent,
    rentType: values.rentType === 'yearly' ? 'yearly' : 'monthly',
    tenancy: {
      ...(typeof tenancy.depositRupees === 'number'
        ? { depositRupees: tenancy.depositRupees }
        : {}),
      ...(typeof tenancy.depositMonths === 'number'
        ? { depositMonths: tenancy.depositMonths }
        : {}),
    },
  });
  return text && !text.includes('NaN') ? <p className="muted">= {text}</p> : null;
};

/**
 * What tenants in India choose by (issue 18). Every term is optional: one
 * left at 'Not specified' is shown so, and a search filter on it does not
 * find the listing.
 */
export const TenancyTerms = ({ form }: Props) => {
  const propertyType = useStore(form.$values).propertyType;
  return (
    <section className="card form-section" aria-labelledby={`${form.id}-tenancy`}>
      <h2 id={`${form.id}-tenancy`}>Tenancy Terms</h2>
      <p className="muted">
        Optional. Tenants filter by these; a term left at &lsquo;{NOT_SPECIFIED}&rsquo; does not
        show up in their filtered searches.
      </p>
      <div className="grid-2">
        <Select form={form} name="furnishing" label="Furnishing" options={FURNISHING_OPTIONS} />
        <Select
          form={form}
          name="preferredTenants"
          label="Preferred Tenants"
          options={propertyType === 'PG' ? PG_TENANT_OPTIONS : HOME_TENANT_OPTIONS}
        />
        <div>
          <InputField
            form={form}
            name="depositAmount"
            label="Security Deposit"
            inputMode="decimal"
            placeholder={NOT_SPECIFIED}
          />
          <DepositHint form={form} />
        </div>
        <Select
          form={form}
          name="depositUnit"
          label="Deposit In"
          blank={null}
          options={[
            ['rupees', 'Rupees (₹)'],
            ['months', 'Months of rent'],
          ]}
        />
        <InputField
          form={form}
          name="availableFrom"
          label="Available From"
          type="date"
          min={TENANCY_LIMITS.availableFrom.earliest}
          max={latestMoveIn(Date.now())}
        />
        <Select form={form} name="petsAllowed" label="Pets Allowed" options={YES_NO_OPTIONS} />
        <Select form={form} name="food" label="Food" options={FOOD_OPTIONS} />
        <InputField
          form={form}
          name="maintenance"
          label="Maintenance (₹ a month)"
          type="number"
          min="0"
          inputMode="numeric"
          placeholder={NOT_SPECIFIED}
        />
        <Select
          form={form}
          name="maintenanceIncluded"
          label="Maintenance Included in Rent"
          options={YES_NO_OPTIONS}
        />
        <Select form={form} name="facing" label="Facing" options={FACING_OPTIONS} />
        <Select form={form} name="parking" label="Parking Space" options={PARKING_OPTIONS} />
      </div>
    </section>
  );
};

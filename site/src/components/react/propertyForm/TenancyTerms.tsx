import { useStore } from '@nanostores/react';
import { InputField, RupeeField, SelectField } from './fields.tsx';
import type { PropertyFormStore } from './formStore.ts';
import { TERM_KEYS, TERMS, type Term, type TermKey } from '@rentals/core/listings/termCatalogue';
import { termFormLabel } from '@rentals/core/i18n/terms';
import { pageLabels } from '../../../lib/labels.ts';
import {
  isRupeeTerm,
  latestMoveIn,
  tenancyPayload,
  type TenancyFormField,
} from '../../../lib/tenancyForm.ts';
import { depositText, notSpecified, termOptions, yesNoOptions } from '../../../lib/tenancyText.ts';
import { rupeesOrZero } from '../../../lib/amounts.ts';
import { text } from '../../../lib/i18n.ts';
import { format } from '../../../lib/i18nFormat.ts';

type Props = { form: PropertyFormStore };
type Options = readonly (readonly [string, string])[];

/** A term chosen from a list; the first option, 'Not specified', leaves it out. */
const Select = ({
  blank = notSpecified(),
  ...field
}: Props & { name: TenancyFormField; label: string; options: Options; blank?: string | null }) => (
  <SelectField {...field} blank={blank ?? undefined} />
);

/** The deposit as typed, shown as both rupees and months of rent once it reads as a number. */
const DepositHint = ({ form }: Props) => {
  const values = useStore(form.$values);
  const tenancy = tenancyPayload(values);
  const rent = rupeesOrZero(values.rent);
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

/** The deposit: one amount, its unit, and what it comes to in the other unit. */
const Deposit = ({ form, label }: Props & { label: string }) => {
  const inMonths = useStore(form.$values).depositUnit === 'months';
  return (
    <>
      <div>
        <InputField
          form={form}
          name="depositAmount"
          label={label}
          // Months are a plain number (1.5); rupees may be typed as '50k' or '೫೦,೦೦೦', which needs letters.
          inputMode={inMonths ? 'decimal' : 'text'}
          autoComplete="off"
          placeholder={notSpecified()}
        />
        <DepositHint form={form} />
      </div>
      <Select
        form={form}
        name="depositUnit"
        label={text('propertyForm.tenancy.depositIn')}
        blank={null}
        options={[
          ['rupees', text('propertyForm.tenancy.inRupees')],
          ['months', text('propertyForm.tenancy.inMonths')],
        ]}
      />
    </>
  );
};

/** One term's control, by its kind (termCatalogue.ts declares each). */
const TermControl = ({ form, name }: Props & { name: TermKey }) => {
  const propertyType = useStore(form.$values).propertyType;
  const term: Term = TERMS[name];
  if (name === 'depositRupees')
    return <Deposit form={form} label={termFormLabel(pageLabels, name)} />;
  if (name === 'depositMonths') return null; // the deposit's other unit
  const field = name as TenancyFormField;
  switch (term.kind) {
    case 'choice':
      return (
        <Select
          form={form}
          name={field}
          label={termFormLabel(pageLabels, name)}
          options={termOptions(name, propertyType)}
        />
      );
    case 'yesNo':
      return (
        <Select
          form={form}
          name={field}
          label={termFormLabel(pageLabels, name)}
          options={yesNoOptions()}
        />
      );
    case 'date':
      return (
        <InputField
          form={form}
          name={field}
          label={termFormLabel(pageLabels, name)}
          type="date"
          min={term.earliest}
          max={latestMoveIn(Date.now())}
        />
      );
    case 'number':
      return isRupeeTerm(name) ? (
        <RupeeField
          form={form}
          name={field}
          label={termFormLabel(pageLabels, name)}
          per="per month"
          placeholder={notSpecified()}
        />
      ) : (
        <InputField
          form={form}
          name={field}
          label={termFormLabel(pageLabels, name)}
          type="number"
          min={String(term.min)}
          inputMode="numeric"
          placeholder={notSpecified()}
        />
      );
  }
};

/**
 * What tenants in India choose by (issue 18). Every term is optional: one
 * left at 'Not specified' is shown so, and a search filter on it does not
 * find the listing.
 */
export const TenancyTerms = ({ form }: Props) => (
  <section className="card form-section" aria-labelledby={`${form.id}-tenancy`}>
    <h2 id={`${form.id}-tenancy`}>{text('propertyForm.tenancy.title')}</h2>
    <p className="muted">
      {format('propertyForm.tenancy.intro', { notSpecified: notSpecified() })}
    </p>
    <div className="grid-2">
      {TERM_KEYS.map((key) => (
        <TermControl key={key} form={form} name={key} />
      ))}
    </div>
  </section>
);

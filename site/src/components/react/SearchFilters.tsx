import type { InputHTMLAttributes, ReactNode } from 'react';
import { filterHint, filterLabel, filterOptionLabel } from '@rentals/core/i18n/terms';
import {
  propertyTypeOptions,
  roomOptions,
  TERM_FILTERS,
  type FilterKey,
  type Filters,
} from '../../lib/filters.ts';
import { text } from '../../lib/i18n.ts';
import { pageLabels } from '../../lib/labels.ts';
import type * as AmountsModule from '../../lib/amounts.ts';

/**
 * The search form's 'Advanced Filters' (SearchForm.tsx): type, rent, rooms,
 * who lists, and the tenancy terms. The form owns the values; these parts
 * draw its controls through `FilterControls`.
 */
export type FilterControls = {
  /** The form's id prefix. */
  id: string;
  values: Filters;
  set: (key: FilterKey) => (event: { target: { value: string } }) => void;
  /** A labelled field around a control. */
  field: (key: FilterKey, label: string, control: ReactNode) => ReactNode;
  /** The text input of a filter (disabled for a visitor where sign-in comes first). */
  input: (key: FilterKey, attributes: InputHTMLAttributes<HTMLInputElement>) => ReactNode;
  visitor: boolean;
};

const RENT_FIELDS = [
  ['minRent', 'search.minRent'],
  ['maxRent', 'search.maxRent'],
] as const;

/** A select of one filter, its options as `[value, label]` pairs. */
const Choice = ({
  c,
  name,
  options,
}: {
  c: FilterControls;
  name: FilterKey;
  options: readonly (readonly [string, string])[];
}) => (
  <select id={`${c.id}-${name}`} name={name} value={c.values[name] ?? ''} onChange={c.set(name)}>
    {options.map(([value, label]) => (
      <option key={value} value={value}>
        {label}
      </option>
    ))}
  </select>
);

/** A rent typed as '1.5 lakh' or '೨೫k': the amount it reads as, quietly under the field. */
const RentInput = ({
  c,
  name,
  amounts,
}: {
  c: FilterControls;
  name: FilterKey;
  amounts: typeof AmountsModule | null;
}) => {
  const echo = c.visitor ? undefined : amounts?.amountEcho(c.values[name] ?? '');
  const hintId = `${c.id}-${name}-amount`;
  return (
    <>
      {c.input(name, {
        type: 'text',
        autoComplete: 'off',
        spellCheck: false,
        ...(echo ? { 'aria-describedby': hintId } : {}),
      })}
      {echo && (
        <p className="muted" id={hintId} style={{ margin: '0.25rem 0 0' }}>
          {echo}
        </p>
      )}
    </>
  );
};

/** The tenancy terms a listing must give, and the move-in date. */
const TermFilters = ({ c }: { c: FilterControls }) => (
  <fieldset className="term-filters" aria-describedby={`${c.id}-terms-hint`}>
    <legend>{text('search.terms')}</legend>
    <p className="muted" id={`${c.id}-terms-hint`} style={{ margin: 0 }}>
      {filterHint(pageLabels)}
    </p>
    {TERM_FILTERS.map(([param, key, values]) =>
      c.field(
        param,
        filterLabel(pageLabels, key),
        <Choice
          c={c}
          name={param}
          options={[
            ['', text('search.any')],
            ...values.map((v) => [v, filterOptionLabel(pageLabels, key, v)] as const),
          ]}
        />,
      ),
    )}
    {c.field('availableBy', text('search.moveInBy'), c.input('availableBy', { type: 'date' }))}
  </fieldset>
);

export const AdvancedFilters = ({
  c,
  open,
  showTerms,
  amounts,
}: {
  c: FilterControls;
  open: boolean;
  showTerms: boolean;
  amounts: typeof AmountsModule | null;
}) => (
  <div className="filters-grid" id={`${c.id}-advanced`} hidden={!open}>
    {c.field(
      'propertyType',
      text('search.type'),
      <Choice c={c} name="propertyType" options={propertyTypeOptions()} />,
    )}
    {RENT_FIELDS.map(([key, label]) =>
      c.field(key, text(label), <RentInput c={c} name={key} amounts={amounts} />),
    )}
    {(['bedrooms', 'bathrooms'] as const).map((key) =>
      c.field(
        key,
        text(key === 'bedrooms' ? 'search.bedrooms' : 'search.bathrooms'),
        <Choice c={c} name={key} options={roomOptions()} />,
      ),
    )}
    {!c.visitor &&
      c.field(
        'ownersOnly',
        text('search.listedBy'),
        <Choice
          c={c}
          name="ownersOnly"
          options={[
            ['', text('search.listedBy.all')],
            ['true', text('search.listedBy.owners')],
          ]}
        />,
      )}
    {showTerms && <TermFilters c={c} />}
  </div>
);

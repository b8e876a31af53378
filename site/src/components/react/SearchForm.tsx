import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import {
  PROPERTY_TYPE_OPTIONS,
  ROOM_OPTIONS,
  TERM_FILTER_HINT,
  TERM_FILTERS,
  filtersToSearch,
  hasFilters,
  type FilterKey,
  type Filters,
} from '../../lib/filters.ts';
import { Field } from './Field.tsx';

type Props = {
  initial?: Filters;
  target?: string;
  startOpen?: boolean;
  /** The tenancy-term filters: for signed-in users (visitors' results do not carry the terms). */
  showTerms?: boolean;
};

const PLACE_FIELDS = [
  ['city', 'City', 'e.g. Bengaluru'],
  ['area', 'Area', 'e.g. Koramangala'],
] as const;
const RENT_FIELDS = [
  ['minRent', 'Min Rent (₹)'],
  ['maxRent', 'Max Rent (₹)'],
] as const;

/**
 * City, area and the 'Advanced Filters'. Submitting goes to `target` with only
 * the non-empty fields in the query string; there is no validation (SPEC §2).
 */
export const SearchForm = ({
  initial = {},
  target = '/properties',
  startOpen,
  showTerms = true,
}: Props) => {
  const id = useId();
  const [values, setValues] = useState<Filters>(initial);
  const [advanced, setAdvanced] = useState(
    startOpen ??
      Boolean(
        initial.propertyType ||
        initial.minRent ||
        initial.maxRent ||
        initial.bedrooms ||
        initial.bathrooms ||
        TERM_FILTERS.some(([key]) => initial[key]) ||
        initial.availableBy,
      ),
  );
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.location.assign(`${target}${filtersToSearch(values)}`);
  };
  const input = (key: FilterKey, attributes: InputHTMLAttributes<HTMLInputElement>) => (
    <input
      id={`${id}-${key}`}
      name={key}
      value={values[key] ?? ''}
      onChange={set(key)}
      {...attributes}
    />
  );
  const field = (key: FilterKey, label: string, control: ReactNode) => (
    <Field key={key} id={`${id}-${key}`} label={label}>
      {control}
    </Field>
  );
  return (
    <form
      className="search-form"
      role="search"
      action={target}
      method="get"
      aria-label="Search properties"
      onSubmit={submit}
    >
      <div className="search-row">
        {PLACE_FIELDS.map(([key, label, placeholder]) =>
          field(key, label, input(key, { placeholder })),
        )}
        <button type="submit" className="button button-primary">
          Search Properties
        </button>
      </div>
      <div className="search-actions">
        <button
          type="button"
          className="link-button"
          aria-expanded={advanced}
          aria-controls={`${id}-advanced`}
          onClick={() => setAdvanced((open) => !open)}
        >
          Advanced Filters
        </button>
        {hasFilters(values) && (
          <button type="button" className="link-button" onClick={() => setValues({})}>
            Clear Filters
          </button>
        )}
      </div>
      <div className="filters-grid" id={`${id}-advanced`} hidden={!advanced}>
        {field(
          'propertyType',
          'Property Type',
          <select
            id={`${id}-propertyType`}
            name="propertyType"
            value={values.propertyType ?? ''}
            onChange={set('propertyType')}
          >
            {PROPERTY_TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>,
        )}
        {RENT_FIELDS.map(([key, label]) =>
          field(key, label, input(key, { type: 'number', min: '0', inputMode: 'numeric' })),
        )}
        {(['bedrooms', 'bathrooms'] as const).map((key) =>
          field(
            key,
            key === 'bedrooms' ? 'Bedrooms' : 'Bathrooms',
            <select id={`${id}-${key}`} name={key} value={values[key] ?? ''} onChange={set(key)}>
              {ROOM_OPTIONS.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>,
          ),
        )}
        {showTerms && (
          <fieldset className="term-filters" aria-describedby={`${id}-terms-hint`}>
            <legend>Tenancy Terms</legend>
            <p className="muted" id={`${id}-terms-hint`} style={{ margin: 0 }}>
              {TERM_FILTER_HINT}
            </p>
            {TERM_FILTERS.map(([key, label, options]) =>
              field(
                key,
                label,
                <select
                  id={`${id}-${key}`}
                  name={key}
                  value={values[key] ?? ''}
                  onChange={set(key)}
                >
                  <option value="">Any</option>
                  {options.map(([value, text]) => (
                    <option key={value} value={value}>
                      {text}
                    </option>
                  ))}
                </select>,
              ),
            )}
            {field('availableBy', 'Move In By', input('availableBy', { type: 'date' }))}
          </fieldset>
        )}
      </div>
    </form>
  );
};

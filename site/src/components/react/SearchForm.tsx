import { useId, useState, type FormEvent, type ReactNode } from 'react';
import {
  PROPERTY_TYPE_OPTIONS,
  ROOM_OPTIONS,
  filtersToSearch,
  hasFilters,
  type FilterKey,
  type Filters,
} from '../../lib/filters.ts';

type Props = { initial?: Filters; target?: string; startOpen?: boolean };

/**
 * City, area and the 'Advanced Filters'. Submitting goes to `target` with only
 * the non-empty fields in the query string; there is no validation (SPEC §2).
 */
export const SearchForm = ({ initial = {}, target = '/properties', startOpen }: Props) => {
  const id = useId();
  const [values, setValues] = useState<Filters>(initial);
  const [advanced, setAdvanced] = useState(
    startOpen ??
      Boolean(
        initial.propertyType ||
        initial.minRent ||
        initial.maxRent ||
        initial.bedrooms ||
        initial.bathrooms,
      ),
  );
  const set = (key: FilterKey) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: event.target.value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    window.location.assign(`${target}${filtersToSearch(values)}`);
  };
  const field = (key: FilterKey, label: string, input: ReactNode) => (
    <div className="field" key={key}>
      <label htmlFor={`${id}-${key}`}>{label}</label>
      {input}
    </div>
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
        {field(
          'city',
          'City',
          <input
            id={`${id}-city`}
            name="city"
            placeholder="e.g. Bengaluru"
            value={values.city ?? ''}
            onChange={set('city')}
          />,
        )}
        {field(
          'area',
          'Area',
          <input
            id={`${id}-area`}
            name="area"
            placeholder="e.g. Koramangala"
            value={values.area ?? ''}
            onChange={set('area')}
          />,
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
        {field(
          'minRent',
          'Min Rent (₹)',
          <input
            id={`${id}-minRent`}
            name="minRent"
            type="number"
            min="0"
            inputMode="numeric"
            value={values.minRent ?? ''}
            onChange={set('minRent')}
          />,
        )}
        {field(
          'maxRent',
          'Max Rent (₹)',
          <input
            id={`${id}-maxRent`}
            name="maxRent"
            type="number"
            min="0"
            inputMode="numeric"
            value={values.maxRent ?? ''}
            onChange={set('maxRent')}
          />,
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
      </div>
    </form>
  );
};

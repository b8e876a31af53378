import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import {
  TERM_FILTERS,
  FILTER_KEYS,
  filtersToSearch,
  hasFilters,
  type FilterKey,
  type Filters,
} from '../../lib/filters.ts';
import { loginUrlFor } from '@rentals/core/ui/loginUrl';
import { pageHref, text } from '../../lib/i18n.ts';
import type * as AmountsModule from '../../lib/amounts.ts';
import { Field } from './Field.tsx';
import { useTypedBeforeHydration } from './useTypedBeforeHydration.ts';

// The advanced filters load when first opened (by the button, or by a search that uses one): most
// searches never open them, and the search pages' first load stays within its budget (check:size).
const AdvancedFilters = lazy(async () => ({
  default: (await import('./SearchFilters.tsx')).AdvancedFilters,
}));

type Props = {
  initial?: Filters;
  target?: string;
  startOpen?: boolean;
  /** The tenancy-term filters: for signed-in users (visitors' results do not carry the terms). */
  showTerms?: boolean;
  /**
   * A visitor's form: the visitor search ignores area and rent (docs/SECURITY.md,
   * no oracle), so those fields are disabled and empty, with a sign-in link.
   */
  visitor?: boolean;
};

/** What a visitor's search does not apply. */
const SIGNED_IN_ONLY: readonly FilterKey[] = ['area', 'minRent', 'maxRent'];

const withoutSignedInOnly = (filters: Filters): Filters =>
  Object.fromEntries(
    Object.entries(filters).filter(([key]) => !SIGNED_IN_ONLY.includes(key as FilterKey)),
  );

const usesAdvanced = (f: Filters): boolean =>
  Boolean(
    f.propertyType ||
    f.minRent ||
    f.maxRent ||
    f.bedrooms ||
    f.bathrooms ||
    f.ownersOnly ||
    TERM_FILTERS.some(([key]) => f[key]) ||
    f.availableBy,
  );

/**
 * The form's values: what was typed before hydration first, then `initial`
 * (the URL, read after hydration on /properties) for every field the user has
 * not set, then what the user types.
 */
const useFormValues = (initial: Filters, openAdvanced: () => void) => {
  const [values, setValues] = useState<Filters>(initial);
  const touched = useRef(new Set<FilterKey>());
  const form = useTypedBeforeHydration(FILTER_KEYS, initial, (typed) => {
    (Object.keys(typed) as FilterKey[]).forEach((key) => touched.current.add(key));
    setValues((v) => ({ ...v, ...typed }));
  });
  // `initial` is compared by its text: a new object with the same filters changes nothing.
  const initialText = JSON.stringify(initial);
  const seen = useRef(initialText);
  useEffect(() => {
    if (initialText === seen.current) return;
    seen.current = initialText;
    if (usesAdvanced(initial)) openAdvanced();
    setValues((v) => {
      const next: Filters = { ...initial };
      for (const key of touched.current) next[key] = v[key];
      return next;
    });
    // `initial` may be a new object each render: the text guard above acts on real changes only.
  }, [initial, initialText, openAdvanced]);
  const set = (key: FilterKey) => (event: { target: { value: string } }) => {
    touched.current.add(key);
    setValues((v) => ({ ...v, [key]: event.target.value }));
  };
  const clear = () => {
    touched.current.clear();
    setValues({});
  };
  return { form, values, set, clear };
};

type Amounts = typeof AmountsModule;
// The rupee parser loads once a rent is typed as more than digits ('1.5 lakh', '೨೫k'), or on
// sending such a rent: the search pages stay within their weight budget without it.
const loadAmounts = (): Promise<Amounts> => import('../../lib/amounts.ts');
const inWords = (value: string | undefined): value is string =>
  value !== undefined && !/^\s*\d*\s*$/.test(value);
const RENT_KEYS = ['minRent', 'maxRent'] as const;

/** The parser, once a rent needs it. */
const useAmounts = (needed: boolean): Amounts | null => {
  const [amounts, setAmounts] = useState<Amounts | null>(null);
  useEffect(() => {
    if (needed && !amounts) void loadAmounts().then(setAmounts);
  }, [needed, amounts]);
  return amounts;
};

/** The filters with their rents as whole rupees ('1.5 lakh' → '150000'); a rent that is no amount is left out. */
const withRupees = async (filters: Filters): Promise<Filters> => {
  if (!RENT_KEYS.some((key) => inWords(filters[key]))) return filters;
  const { rentFilterValue } = await loadAmounts();
  const out = { ...filters };
  for (const key of RENT_KEYS) {
    const typed = out[key];
    if (inWords(typed)) out[key] = rentFilterValue(typed) ?? '';
  }
  return out;
};

const PLACE_FIELDS = [
  ['city', 'search.city', 'search.cityPlaceholder'],
  ['area', 'search.area', 'search.areaPlaceholder'],
  ['q', 'search.keywords', 'search.keywordsPlaceholder'],
] as const;

/**
 * City, area, what the tenant is looking for in their own words, and the
 * 'Advanced Filters'. Submitting goes to `target` in the page's language with
 * only the non-empty fields in the query string; there is no validation (SPEC §2).
 */
export const SearchForm = ({
  initial = {},
  target = '/properties',
  startOpen,
  showTerms = true,
  visitor = false,
}: Props) => {
  const id = useId();
  const [advanced, setAdvanced] = useState(startOpen ?? usesAdvanced(initial));
  const { form, values, set, clear } = useFormValues(initial, () => setAdvanced(true));
  // Once opened they stay, hidden when closed: their values stay in the form.
  const [filtersLoaded, setFiltersLoaded] = useState(advanced);
  if (advanced && !filtersLoaded) setFiltersLoaded(true);
  const applicable = visitor ? withoutSignedInOnly(values) : values;
  const amounts = useAmounts(!visitor && RENT_KEYS.some((key) => inWords(values[key])));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void withRupees(applicable).then((filters) =>
      window.location.assign(pageHref(`${target}${filtersToSearch(filters)}`)),
    );
  };
  const input = (key: FilterKey, attributes: InputHTMLAttributes<HTMLInputElement>) => {
    const signInFirst = visitor && SIGNED_IN_ONLY.includes(key);
    return (
      <input
        id={`${id}-${key}`}
        name={key}
        value={signInFirst ? '' : (values[key] ?? '')}
        onChange={set(key)}
        disabled={signInFirst}
        aria-describedby={signInFirst ? `${id}-sign-in` : undefined}
        {...attributes}
      />
    );
  };
  // Back to this search once signed in, with what a visitor can already set.
  const signIn = (
    <p className="muted sign-in-to-filter" id={`${id}-sign-in`}>
      <a href={pageHref(loginUrlFor(pageHref(`${target}${filtersToSearch(applicable)}`)))}>
        {text('search.signInToFilter')}
      </a>
    </p>
  );
  const field = (key: FilterKey, label: string, control: ReactNode) => (
    <Field key={key} id={`${id}-${key}`} label={label}>
      {control}
    </Field>
  );
  return (
    <form
      ref={form}
      className="search-form"
      role="search"
      action={pageHref(target)}
      method="get"
      aria-label={text('search.label')}
      onSubmit={submit}
    >
      <div className="search-row">
        {PLACE_FIELDS.map(([key, label, placeholder]) =>
          field(key, text(label), input(key, { placeholder: text(placeholder) })),
        )}
        <button type="submit" className="button button-primary">
          {text('search.submit')}
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
          {text('search.advanced')}
        </button>
        {hasFilters(applicable) && (
          <button type="button" className="link-button" onClick={clear}>
            {text('search.clear')}
          </button>
        )}
      </div>
      {visitor && signIn}
      {filtersLoaded ? (
        <Suspense fallback={null}>
          <AdvancedFilters
            c={{ id, values, set, field, input, visitor }}
            open={advanced}
            showTerms={showTerms}
            amounts={amounts}
          />
        </Suspense>
      ) : (
        <div id={`${id}-advanced`} hidden />
      )}
    </form>
  );
};

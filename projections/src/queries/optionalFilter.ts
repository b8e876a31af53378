import type { Fragment, Sql } from 'postgres';

type FilterValue = string | number | readonly string[] | undefined;

/**
 * `AND (<value> IS NULL OR <test>)`: a search filter that is in the query
 * text whether it is given or not, so that the text does not change with
 * the filters (postgres.js prepares, and keeps, a statement per text on
 * each connection; searchWhere). `type` declares the parameter's type in
 * the SQL, the same with or without a value; `test` receives the value as
 * a fragment already cast to it. A pool that plans with values
 * (`planWithValues`, core/src/db.ts) folds the null test away.
 */
export const whenGiven = (
  db: Sql,
  value: FilterValue,
  type: Fragment,
  test: (value: Fragment) => Fragment,
) => {
  const given = () => db`${(value ?? null) as string | number | string[] | null}::${type}`;
  return db`AND (${given()} IS NULL OR ${test(given())})`;
};

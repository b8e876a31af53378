import type { Sql } from 'postgres';

/**
 * What `create` makes, made once per database client (per web process) and
 * shared by every caller that holds that client; dropped with the client.
 */
export const onePerClient = <D extends { sql: Sql }, T>(create: (deps: D) => T) => {
  const made = new WeakMap<Sql, T>();
  return (deps: D): T => {
    let value = made.get(deps.sql);
    if (!value) {
      value = create(deps);
      made.set(deps.sql, value);
    }
    return value;
  };
};

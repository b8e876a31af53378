/**
 * A SQL statement as data: projections return these from `evolve` and the
 * runner executes them inside the checkpointed transaction. Keeping them inert
 * keeps projections pure and testable without a database.
 */
export type Statement = { text: string; values: unknown[] };

/** Tagged template: sql`UPDATE t SET a = ${x} WHERE id = ${id}` → {text: 'UPDATE t SET a = $1 WHERE id = $2', values}. */
export const sql = (strings: TemplateStringsArray, ...values: unknown[]): Statement => ({
  text: strings.reduce((text, part, i) => text + part + (i < values.length ? `$${i + 1}` : ''), ''),
  values,
});

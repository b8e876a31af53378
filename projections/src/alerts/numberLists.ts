/**
 * Many lists of search numbers sent as one: a single int4[] literal and each
 * list's bounds in it (1-based, inclusive), which a statement slices
 * (`nos[s:e]`; an empty list has e = s - 1, an empty slice). Postgres then
 * parses each number once. Sent as a JSON recordset with an array's text per
 * row, 4,000 listing events' ~340 numbers each took 316–367 ms to insert;
 * sliced from one array, 207–216 ms (psql on the bench database,
 * docs/PERFORMANCE.md).
 */
export class NumberLists {
  private readonly parts: string[] = [];
  private length = 0;
  readonly starts: number[] = [];
  readonly ends: number[] = [];

  add(nos: ArrayLike<number> & { join(separator: string): string }) {
    this.starts.push(this.length + 1);
    this.length += nos.length;
    this.ends.push(this.length);
    if (nos.length > 0) this.parts.push(nos.join(','));
  }

  /** Every list's numbers, in order, as one int4[] literal. */
  literal(): string {
    return `{${this.parts.join(',')}}`;
  }
}

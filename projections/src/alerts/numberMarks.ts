/**
 * Marks on small non-negative integers (search numbers), cleared all at once
 * by `clear` in O(1): a stamp per number instead of a Set. The matcher marks
 * a few hundred numbers per listing event, thousands of events a batch; a
 * Set of them cost more than the matching itself (docs/PERFORMANCE.md).
 */
export class NumberMarks {
  private stamps = new Uint32Array(1024);
  private stamp = 1;

  /** Forgets every mark. */
  clear() {
    this.stamp++;
    if (this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
  }

  mark(n: number) {
    if (n >= this.stamps.length) {
      const grown = new Uint32Array(Math.max(n + 1, this.stamps.length * 2));
      grown.set(this.stamps);
      this.stamps = grown;
    }
    this.stamps[n] = this.stamp;
  }

  has(n: number): boolean {
    return n < this.stamps.length && this.stamps[n] === this.stamp;
  }

  /** Marks `n`; false when it was marked already. */
  add(n: number): boolean {
    if (this.has(n)) return false;
    this.mark(n);
    return true;
  }
}

/** A numbered page button, or a gap ('…') standing for the pages left out. */
export type PageSlot = number | 'gap';

/**
 * The page buttons to show for page `current` of `total`: the first and last
 * pages, the current one with `around` on each side, and a gap where pages
 * are left out — so 46 pages are at most 9 slots, never 46 buttons. A gap of
 * one page shows that page instead (a '…' for one number saves nothing).
 */
export const pageWindow = (current: number, total: number, around = 2): PageSlot[] => {
  if (total <= 1) return [];
  const at = Math.min(Math.max(1, current), total);
  const shown = new Set<number>([1, total]);
  for (let n = at - around; n <= at + around; n++) if (n >= 1 && n <= total) shown.add(n);
  const pages = [...shown].sort((a, b) => a - b);
  const slots: PageSlot[] = [];
  for (const [i, n] of pages.entries()) {
    const previous = pages[i - 1];
    if (previous !== undefined && n - previous === 2) slots.push(previous + 1);
    else if (previous !== undefined && n - previous > 2) slots.push('gap');
    slots.push(n);
  }
  return slots;
};

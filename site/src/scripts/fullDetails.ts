/**
 * Visitor cards (core/src/ui/VisitorCard.tsx) lead to /login with the full
 * detail as the page to return to. For a signed-in user the same cards lead to
 * that detail straight away, without the sign-in hint: the pre-rendered city
 * pages and /browse render visitor cards whoever looks at them.
 */
const DETAIL = /^\/properties\/[^/?#]+$/;

export const leadToFullDetails = (root: ParentNode): void => {
  for (const card of root.querySelectorAll<HTMLElement>('.visitor-card')) {
    const link = card.querySelector<HTMLAnchorElement>('.card-title a');
    if (!link) continue;
    const url = new URL(link.href);
    const detail = url.pathname === '/login' ? url.searchParams.get('redirect') : null;
    if (!detail || !DETAIL.test(detail)) continue;
    link.href = detail;
    card.removeAttribute('title');
    card.querySelector('.hover-hint')?.remove();
  }
};

import { fill, text } from '../../lib/i18n.ts';

/** A page of a longer list the API answered: which page, its size and how many there are. */
export type Paged = { page: number; pageSize: number; total: number };

/** Previous / Page n of m / Next under a paged list; nothing when it fits on one page. */
export const Pager = ({ page, onPage }: { page: Paged; onPage: (n: number) => void }) => {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (pages === 1) return null;
  return (
    <nav className="pager" aria-label={text('common.pager.label')}>
      <button
        type="button"
        className="button"
        disabled={page.page <= 1}
        onClick={() => onPage(page.page - 1)}
      >
        {text('common.pager.previous')}
      </button>
      <span>{fill('common.pager.page', { page: page.page, pages })}</span>
      <button
        type="button"
        className="button"
        disabled={page.page >= pages}
        onClick={() => onPage(page.page + 1)}
      >
        {text('common.pager.next')}
      </button>
    </nav>
  );
};

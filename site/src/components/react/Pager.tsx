/** A page of a longer list the API answered: which page, its size and how many there are. */
export type Paged = { page: number; pageSize: number; total: number };

/** Previous / Page n of m / Next under a paged list; nothing when it fits on one page. */
export const Pager = ({ page, onPage }: { page: Paged; onPage: (n: number) => void }) => {
  const pages = Math.max(1, Math.ceil(page.total / page.pageSize));
  if (pages === 1) return null;
  return (
    <nav className="pager" aria-label="Pages">
      <button
        type="button"
        className="button"
        disabled={page.page <= 1}
        onClick={() => onPage(page.page - 1)}
      >
        Previous
      </button>
      <span>
        Page {page.page} of {pages}
      </span>
      <button
        type="button"
        className="button"
        disabled={page.page >= pages}
        onClick={() => onPage(page.page + 1)}
      >
        Next
      </button>
    </nav>
  );
};

/**
 * /browse for visitors, in plain DOM code: filters in the URL, numbered
 * pages, cards that send to /login (or, for a signed-in user, to the full
 * detail). Text goes in through text nodes only.
 */
import { pageWindow } from '../lib/pageWindow.ts';
import { pageHref, text } from '../lib/i18n.ts';
import { format } from '../lib/i18nFormat.ts';
import { VisitorCard } from '@rentals/core/ui/VisitorCard.tsx';
import { cardText, visitorListingOf } from '../lib/visitorListing.ts';
import { describeError, apiRoute } from '../lib/api.ts';
import {
  filtersFromSearch,
  filtersToSearch,
  hasFilters,
  pageFromSearch,
  type Filters,
} from '../lib/filters.ts';
import type { Pagination, PublicProperty } from '../lib/types.ts';
import { $auth } from '../stores/auth.ts';
import { $viewMode, setViewMode } from '../stores/viewMode.ts';
import { leadToFullDetails } from './fullDetails.ts';
import { renderToDom } from './renderToDom.ts';

type BrowseMapModule = {
  renderBrowseMap: (box: HTMLElement, filters: Filters, items: PublicProperty[]) => void;
};

const PAGE_SIZE = 12;
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string) => {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

/** The visitor card, the islands' own component, rendered without React's runtime. */
const card = (p: PublicProperty) =>
  renderToDom(VisitorCard({ listing: visitorListingOf(p), t: cardText, href: pageHref }));

type State = { filters: Filters; page: number; items: PublicProperty[] };

export const startBrowse = (): void => {
  const form = $<HTMLFormElement>('browse-filters');
  const grid = $('browse-grid');
  const count = $('browse-count');
  const empty = $('browse-empty');
  const pager = $('browse-pager');
  const error = $('browse-error');
  const mapBox = $('browse-map');
  const clear = $<HTMLButtonElement>('browse-clear');
  const state: State = { filters: {}, page: 1, items: [] };
  let request = 0;

  const fillForm = () => {
    for (const name of ['city', 'propertyType'] as const) {
      const input = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement;
      input.value = state.filters[name] ?? '';
    }
    clear.hidden = !hasFilters(state.filters);
  };

  const renderPager = (pagination: Pagination) => {
    pager.replaceChildren();
    const { currentPage: current, totalPages: total } = pagination;
    if (total <= 1) return;
    const pageButton = (label: string, name: string, to: number) => {
      const button = el('button', 'button button-small', label);
      button.type = 'button';
      button.setAttribute('aria-label', name);
      button.disabled = to < 1 || to > total;
      button.addEventListener('click', () => navigate(state.filters, to));
      return button;
    };
    pager.append(pageButton(text('browse.previous'), text('browse.previousPage'), current - 1));
    for (const slot of pageWindow(current, total)) {
      if (slot === 'gap') {
        const gap = el('span', 'pager-gap', '…');
        gap.setAttribute('aria-hidden', 'true');
        pager.append(gap);
        continue;
      }
      const button = pageButton(String(slot), format('browse.page', { n: String(slot) }), slot);
      if (slot === current) button.setAttribute('aria-current', 'page');
      pager.append(button);
    }
    pager.append(pageButton(text('browse.next'), text('browse.nextPage'), current + 1));
  };

  const load = async () => {
    const mine = ++request;
    grid.setAttribute('aria-busy', 'true');
    error.hidden = true;
    const query = new URLSearchParams(state.filters);
    query.set('page', String(state.page));
    query.set('limit', String(PAGE_SIZE));
    try {
      const res = await apiRoute('GET /properties/public', { query });
      if (mine !== request) return;
      state.items = res.properties;
      count.textContent = format('browse.found', { n: res.pagination.totalItems });
      grid.replaceChildren(...res.properties.map(card));
      if ($auth.get().status === 'authenticated') leadToFullDetails(grid);
      empty.hidden = res.properties.length > 0;
      renderPager(res.pagination);
      void renderMap();
    } catch (err) {
      if (mine !== request) return;
      grid.replaceChildren();
      error.textContent = describeError(err, text('browse.failed'));
      error.hidden = false;
    } finally {
      grid.setAttribute('aria-busy', 'false');
    }
  };

  const readUrl = () => {
    state.filters = filtersFromSearch(window.location.search);
    state.page = pageFromSearch(window.location.search);
    fillForm();
  };

  const navigate = (filters: Filters, page: number) => {
    const search = filtersToSearch(filters);
    const withPage = page > 1 ? `${search ? `${search}&` : '?'}page=${page}` : search;
    history.pushState(null, '', `/browse${withPage}`);
    readUrl();
    void load();
    window.scrollTo({ top: 0 });
  };

  let mapModule: Promise<BrowseMapModule> | undefined;
  const renderMap = async () => {
    const showMap = $viewMode.get() === 'map';
    grid.hidden = showMap;
    mapBox.hidden = !showMap;
    for (const b of document.querySelectorAll<HTMLButtonElement>('[data-mode]'))
      b.setAttribute('aria-pressed', String(b.dataset.mode === $viewMode.get()));
    if (!showMap) return;
    mapModule ??= import('./browseMap.tsx');
    (await mapModule).renderBrowseMap(mapBox, state.filters, state.items);
  };

  const formFilters = (): Filters => {
    const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    return { city: value('city'), propertyType: value('propertyType') };
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    navigate(formFilters(), 1);
  });
  form.addEventListener('input', () => {
    clear.hidden = !hasFilters(formFilters());
  });
  clear.addEventListener('click', () => navigate({}, 1));
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-mode]'))
    button.addEventListener('click', () => {
      setViewMode(button.dataset.mode === 'map' ? 'map' : 'grid');
      void renderMap();
    });
  window.addEventListener('popstate', () => {
    readUrl();
    void load();
  });
  $auth.subscribe(({ status }) => {
    if (status === 'authenticated') leadToFullDetails(grid);
  });
  readUrl();
  void load();
};

/**
 * The pre-rendered city pages are the same for everyone, so their cards are
 * visitor cards. A signed-in user expects what the app shows them on a card:
 * rent, locality and beds, baths and size. Once signed in, the page asks the
 * signed-in search for the same page of the same city (newest first, as the
 * page lists them) in one request and fills those in on each card it finds
 * there; the cards already lead to the full detail (fullDetails.ts).
 */
import { apiRoute } from '../lib/api.ts';
import { formatRent, rentPeriod } from '../lib/format.ts';
import { count, plural } from '@rentals/core/ui/plural';
import type { Property } from '../lib/types.ts';

const DETAIL = /^\/properties\/([^/?#]+)$/;

const el = (tag: string, className: string, text = '') => {
  const node = document.createElement(tag);
  node.className = className;
  node.textContent = text;
  return node;
};

const fillCard = (card: HTMLElement, p: Property) => {
  const body = card.querySelector('.property-card-body');
  if (!body) return;
  const rent = el('p', 'rent', formatRent(p.rent));
  rent.append(el('small', '', `/${rentPeriod(p.rentType)}`));
  body.prepend(rent);
  const place = body.querySelector('.card-city');
  if (place) place.textContent = [p.location.area, p.location.city].filter(Boolean).join(', ');
  const d = p.propertyDetails;
  const specs = el('div', 'specs');
  if (d.bedrooms > 0) specs.append(el('span', '', plural(d.bedrooms, 'Bed')));
  if (d.bathrooms > 0) specs.append(el('span', '', plural(d.bathrooms, 'Bath')));
  if (d.area > 0) specs.append(el('span', '', `${count(d.area)} sq ft`));
  if (specs.childElementCount > 0) (place ?? body).after(specs);
  // The app's signed-in card has no view count; the owner line stays.
  body.querySelector('.card-views')?.remove();
  card.dataset.signedIn = 'true';
};

export const showSignedInCards = async (root: Document): Promise<void> => {
  const grid = root.querySelector<HTMLElement>('[data-signed-in-search]');
  if (!grid?.dataset.signedInSearch) return;
  const { properties } = await apiRoute('GET /properties', {
    query: new URLSearchParams(grid.dataset.signedInSearch),
  });
  const byId = new Map(properties.map((p) => [p._id, p]));
  for (const card of grid.querySelectorAll<HTMLElement>('.visitor-card:not([data-signed-in])')) {
    const href = card.querySelector<HTMLAnchorElement>('.card-title a')?.href;
    const id = href ? DETAIL.exec(new URL(href).pathname)?.[1] : undefined;
    const property = id ? byId.get(decodeURIComponent(id)) : undefined;
    if (property) fillCard(card, property);
  }
};

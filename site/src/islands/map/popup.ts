import { listerLabel, rentPeriod, typeLabel } from '../../lib/format.ts';
import { formatRupees } from '@rentals/core/i18n/numbers';
import { pageLocale, text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';
import { listingHref, markerColour } from '../../map/markers.ts';
import type { MapProperty } from '../../map/types.ts';

const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] => {
  const node = document.createElement(tag);
  node.className = className;
  // textContent, never innerHTML: titles are user input.
  if (text !== undefined) node.textContent = text;
  return node;
};

const SVG = 'http://www.w3.org/2000/svg';
/** Building outlines for a flat, a house and a PG, in the type's marker colour (no emoji font needed). */
const ICON_PATHS: Record<string, string> = {
  flat: 'M6 3h12v18H6z M9 6h2v2H9z M13 6h2v2h-2z M9 10h2v2H9z M13 10h2v2h-2z M9 14h2v2H9z M13 14h2v2h-2z M11 18h2v3h-2z',
  house: 'M3 11 12 3l9 8 M5 10v11h14V10 M10 21v-6h4v6',
  PG: 'M3 18V8 M3 14h18v4 M21 18v-6a3 3 0 0 0-3-3h-7v5 M6.5 11.5a1.5 1.5 0 1 0 0-.01',
};

const typeIcon = (type: string): SVGSVGElement => {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('class', 'map-popup-icon');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('d', ICON_PATHS[type] ?? ICON_PATHS.house ?? '');
  path.setAttribute('fill', 'none');
  path.setAttribute('stroke', markerColour(type));
  path.setAttribute('stroke-width', '1.6');
  path.setAttribute('stroke-linejoin', 'round');
  svg.append(path);
  return svg;
};

/** Every popup's foot: the rent (when shown) and type, then the link to the listing. */
const appendMetaAndLink = (
  root: HTMLElement,
  p: { rent: string | undefined; type: string; id: string; visitor: boolean; role?: string },
): HTMLElement => {
  const meta = el('div', 'map-popup-meta');
  if (p.rent !== undefined) meta.append(el('span', 'map-popup-rent', p.rent));
  meta.append(el('span', 'badge badge-type', typeLabel(p.type)));
  if (p.role) meta.append(el('span', 'muted lister-label', listerLabel(p.role)));
  root.append(meta);
  const link = el('a', 'map-popup-link', text('map.popup.view'));
  link.href = listingHref(p.id, p.visitor);
  root.append(link);
  return root;
};

/**
 * A marker's popup: first photo (or the type's icon), title, area and city,
 * rent and type, and the link to the listing. Visitors see public fields only:
 * no rent, no area.
 */
export const popupContent = (p: MapProperty, visitor: boolean): HTMLElement => {
  const root = el('div', 'map-popup');
  const image = p.images[0];
  if (image) {
    const img = el('img', 'map-popup-image');
    img.src = image.url;
    img.alt = p.title;
    img.loading = 'lazy';
    root.append(img);
  } else root.append(typeIcon(p.propertyType));
  root.append(el('strong', 'map-popup-title', p.title));
  const place = visitor
    ? p.location.city
    : [p.location.area, p.location.city].filter(Boolean).join(', ');
  root.append(el('div', 'map-popup-place', place));
  const rent =
    visitor || p.rent === undefined
      ? undefined
      : `${formatRupees(p.rent, pageLocale())}${p.rentType ? text(rentPeriod(p.rentType) === 'year' ? 'map.per.year' : 'map.per.month') : ''}`;
  return appendMetaAndLink(root, {
    rent,
    type: p.propertyType,
    id: p._id,
    visitor,
    role: p.owner?.role,
  });
};

/**
 * The popup of a listing the map search returned but the page has not loaded
 * (the map shows every match, the list one page) while its details are
 * fetched (`loading`), or when they cannot be: its type, the rent for
 * signed-in users, and the link to the listing.
 */
export const pointPopupContent = (
  p: { id: string; type: string; rent?: number },
  visitor: boolean,
  loading = false,
): HTMLElement => {
  const root = el('div', 'map-popup');
  root.append(typeIcon(p.type));
  root.append(
    el('strong', 'map-popup-title', format('map.popup.forRent', { type: typeLabel(p.type) })),
  );
  if (loading) root.append(el('div', 'map-popup-place muted', text('map.popup.loading')));
  const rent = visitor || p.rent === undefined ? undefined : formatRupees(p.rent, pageLocale());
  return appendMetaAndLink(root, { rent, type: p.type, id: p.id, visitor });
};

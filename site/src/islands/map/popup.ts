import { formatRent, typeLabel } from '../../lib/format.ts';
import { listingHref, TYPE_ICONS } from '../../map/markers.ts';
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
  } else {
    const icon = el('div', 'map-popup-icon', TYPE_ICONS[p.propertyType] ?? '🏘️');
    icon.setAttribute('aria-hidden', 'true');
    root.append(icon);
  }
  root.append(el('strong', 'map-popup-title', p.title));
  const place = visitor
    ? p.location.city
    : [p.location.area, p.location.city].filter(Boolean).join(', ');
  root.append(el('div', 'map-popup-place', place));
  const meta = el('div', 'map-popup-meta');
  if (!visitor && p.rent !== undefined)
    meta.append(
      el('span', 'map-popup-rent', `${formatRent(p.rent)}${p.rentType ? `/${p.rentType}` : ''}`),
    );
  meta.append(el('span', 'badge badge-type', typeLabel(p.propertyType)));
  root.append(meta);
  const link = el('a', 'map-popup-link', 'View Details');
  link.href = listingHref(p._id, visitor);
  root.append(link);
  return root;
};

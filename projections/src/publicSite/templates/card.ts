import { markup, type Html } from '../html.ts';
import { loginPath, TYPE_LABELS } from '../paths.ts';
import type { PublicImage, PublicListing } from '../queries.ts';

const count = new Intl.NumberFormat('en-IN');

const ROLE_LABELS: Record<string, string> = {
  homeowner: 'Homeowner',
  broker: 'Broker',
  tenant: 'Tenant',
};

export const roleLabel = (role: string) => ROLE_LABELS[role] ?? role;
export const formatCount = (n: number) => count.format(n);
export const initial = (name: string) => (name.trim().charAt(0) || '?').toUpperCase();

/** The photo with the media pipeline's widths as srcset and its placeholder painted underneath. */
export const photo = (
  image: PublicImage,
  alt: string,
  options: { eager?: boolean; sizes?: string } = {},
): Html => {
  const srcset = image.variants?.length
    ? image.variants.map((v) => `${v.url} ${v.width}w`).join(', ')
    : undefined;
  // Only data: URIs from our own pipeline are painted as placeholders.
  const placeholder = image.placeholder?.startsWith('data:image/') ? image.placeholder : undefined;
  return markup`<img
    src="${image.url}"
    ${srcset ? markup` srcset="${srcset}" sizes="${options.sizes ?? '(max-width: 640px) 100vw, 400px'}"` : ''}
    alt="${alt}"
    ${image.width && image.height ? markup` width="${image.width}" height="${image.height}"` : ''}
    loading="${options.eager ? 'eager' : 'lazy'}"
    decoding="async"
    ${options.eager ? markup` fetchpriority="high"` : ''}${placeholder ? markup` style="background-image:url('${placeholder}')"` : ''}
  />`;
};

/**
 * The visitor card of SPEC §2: image, type, title, city, owner name and role,
 * view count. The whole card is one link to /login (the title link stretches
 * over it), so it works without JavaScript.
 */
export const visitorCard = (listing: PublicListing, eager: boolean): Html => {
  const image = listing.images[0];
  return markup`<article class="property-card visitor-card" title="Click to login and see details">
    <div class="carousel">
      ${image ? photo(image, listing.title, { eager }) : markup`<div class="no-image" aria-hidden="true">🏠</div>`}<span
        class="badge badge-type"
        >${TYPE_LABELS[listing.propertyType]}</span
      >
    </div>
    <span class="hover-hint" aria-hidden="true">Click to login and see details</span>
    <div class="property-card-body">
      <h2 class="card-title"><a href="${loginPath(listing.id)}">${listing.title}</a></h2>
      <p class="muted card-city">${listing.city}</p>
      <div class="owner-line">
        <span class="avatar" aria-hidden="true">${initial(listing.owner.name)}</span
        ><span
          >${listing.owner.name} <span class="muted">· ${roleLabel(listing.owner.role)}</span></span
        ><span class="muted card-views">👁 ${formatCount(listing.views)} views</span>
      </div>
    </div>
  </article>`;
};

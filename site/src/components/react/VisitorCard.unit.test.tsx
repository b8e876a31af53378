import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VisitorCard, type VisitorCardListing } from '@rentals/core/ui/VisitorCard.tsx';
import { visitorListingOf } from '../../lib/visitorListing.ts';
import type { PublicProperty } from '../../lib/types.ts';
import { iconSvg } from '@rentals/core/ui/icons';
import { blurredPlaceholder } from '@rentals/core/ui/photoSources';
import { translatorFor } from '@rentals/core/i18n/catalogues';

/** The card's words in English, as the pre-rendered pages give them. */
const en = translatorFor('en').t;

/** A row of the public-site generator's listing model (PublicListing), extra columns and all. */
const publicListing = {
  id: 'a1b2',
  citySlug: 'pune',
  city: 'Pune',
  title: 'Quiet 2BHK <flat> & "garden"',
  description: 'Bright rooms.',
  propertyType: 'flat' as const,
  bedrooms: 2,
  bathrooms: 1,
  images: [
    {
      url: '/uploads/a.jpg',
      width: 1600,
      height: 1200,
      placeholder: 'data:image/webp;base64,AAAA',
      variants: [
        { url: '/uploads/a-400.webp', width: 400 },
        { url: '/uploads/a-800.webp', width: 800 },
      ],
    },
  ],
  owner: { name: 'ravi Deshpande', role: 'broker' },
  isVerified: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  views: 1234,
};

describe('the visitor card', () => {
  it('renders on the server from the public listing model, as the city pages need it', () => {
    const listing: VisitorCardListing = publicListing;
    expect(
      renderToStaticMarkup(<VisitorCard t={en} listing={listing} headingLevel={2} eager />),
    ).toBe(
      // React 19 hoists a preload hint for a high-priority image in front of the markup.
      '<link rel="preload" as="image" imageSrcSet="/uploads/a-400.webp 400w, /uploads/a-800.webp 800w" imageSizes="(max-width: 640px) 100vw, 400px" fetchPriority="high"/>' +
        '<article class="property-card visitor-card" data-testid="public-card" title="Click to login and see details">' +
        '<div class="carousel">' +
        '<img src="/uploads/a.jpg" srcSet="/uploads/a-400.webp 400w, /uploads/a-800.webp 800w" sizes="(max-width: 640px) 100vw, 400px"' +
        ' alt="Quiet 2BHK &lt;flat&gt; &amp; &quot;garden&quot;" width="1600" height="1200" loading="eager" decoding="async" fetchPriority="high"' +
        ` style="background-image:url(&quot;${blurredPlaceholder(publicListing.images[0]!)}&quot;);background-size:cover"/>` +
        '<span class="badge badge-type">Flat</span></div>' +
        '<span class="hover-hint" aria-hidden="true">Click to login and see details</span>' +
        '<div class="property-card-body">' +
        '<h2 class="card-title"><a href="/login?redirect=%2Fproperties%2Fa1b2" translate="no">Quiet 2BHK &lt;flat&gt; &amp; &quot;garden&quot;</a></h2>' +
        '<p class="muted card-city">Pune</p>' +
        '<div class="owner-line"><span class="avatar" aria-hidden="true">R</span>' +
        '<span><span translate="no">ravi Deshpande</span> <span class="muted">· Broker</span></span>' +
        `<span class="muted card-views">${iconSvg('eye')} 1,234 views</span></div>` +
        '</div></article>',
    );
  });

  it("shows the house icon without a photo, an h3 and a lazy photo on the site's screens", () => {
    const bare = renderToStaticMarkup(
      <VisitorCard t={en} listing={{ ...publicListing, images: [] }} />,
    );
    // The React icon and the templates' markup of it are one and the same.
    expect(bare).toContain(`<div class="no-image" aria-hidden="true">${iconSvg('home')}</div>`);
    expect(bare).toContain('<h3 class="card-title">');
    const lazy = renderToStaticMarkup(<VisitorCard t={en} listing={publicListing} />);
    expect(lazy).toContain('loading="lazy"');
    expect(lazy).not.toContain('fetchPriority');
  });

  it('paints only a data: placeholder from the media pipeline', () => {
    const html = renderToStaticMarkup(
      <VisitorCard
        t={en}
        listing={{
          ...publicListing,
          images: [{ url: '/a.jpg', placeholder: 'https://elsewhere.example/track.gif' }],
        }}
      />,
    );
    expect(html).not.toContain('elsewhere.example');
  });

  it("maps the site's API shape onto the card", () => {
    expect(
      visitorListingOf({
        _id: 'x9',
        title: 'PG for working women',
        description: 'Two meals a day.',
        propertyType: 'PG',
        location: { city: 'Mumbai' },
        propertyDetails: { bedrooms: 1, bathrooms: 1 },
        showOnMap: false,
        images: [],
        owner: { name: 'Asha', role: 'homeowner' },
        isAvailable: true,
        isVerified: false,
        views: 3,
        createdAt: '2026-11-01T00:00:00.000Z',
        updatedAt: '2026-11-01T00:00:00.000Z',
      } satisfies PublicProperty),
    ).toEqual({
      id: 'x9',
      title: 'PG for working women',
      propertyType: 'PG',
      city: 'Mumbai',
      owner: { name: 'Asha', role: 'homeowner' },
      views: 3,
      images: [],
    });
  });
});

describe('the visitor card in Hindi', () => {
  it('says its words in Hindi and leads to the Hindi sign-in, then the Hindi detail page', () => {
    const html = renderToStaticMarkup(
      <VisitorCard
        listing={publicListing}
        t={translatorFor('hi').t}
        href={(path) => `/hi${path}`}
      />,
    );
    expect(html).toContain('href="/hi/login?redirect=%2Fhi%2Fproperties%2Fa1b2"');
    expect(html).toContain(translatorFor('hi').t('card.visitor.hint'));
    expect(html.replace(/<[^>]+>/g, ' ')).not.toMatch(/Click to login|views|Broker/);
    // The owner's title stays as written, marked so no browser translates it.
    expect(html).toContain('translate="no">Quiet 2BHK &lt;flat&gt;');
  });
});

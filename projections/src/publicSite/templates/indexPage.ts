import { plural, propertiesFound } from '@rentals/core/ui/plural';
import { markup } from '../html.ts';
import { CITIES_PATH, cityPath } from '../paths.ts';
import type { CityCounts } from '../queries.ts';
import { formatCount } from './card.ts';
import { absolute, layout, type SiteContext } from './layout.ts';

/** The browse index: every city with listed properties and its count, A to Z. */
export const renderIndexPage = (site: SiteContext, cities: CityCounts[]): string => {
  const sorted = [...cities].sort((a, b) => a.name.localeCompare(b.name, 'en-IN'));
  const total = cities.reduce((sum, c) => sum + c.total, 0);
  return layout(
    site,
    {
      title: 'Flats, houses and PGs for rent across India',
      description: `${formatCount(total)} flats, houses and PGs for rent in ${plural(cities.length, 'Indian city', 'Indian cities')}. Pick a city to browse its properties.`,
      path: CITIES_PATH,
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: 'Cities',
          numberOfItems: sorted.length,
          itemListElement: sorted.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: absolute(site, cityPath(c.slug)),
            name: c.name,
          })),
        },
      ],
    },
    markup`<div class="container page">
      <h1>Flats, houses and PGs for rent across India</h1>
      <p class="list-count">
        ${propertiesFound(total)} in ${plural(cities.length, 'city', 'cities')}
      </p>
      ${
        sorted.length === 0
          ? markup`<div class="empty-state card">
              <h2>No Properties Found</h2>
              <p class="muted">Be the first to list a property in your area!</p>
            </div>`
          : ''
      }
      <ul class="city-list">
        ${sorted.map((c) => markup`<li><a href="${cityPath(c.slug)}">${c.name}</a> <span class="muted">${formatCount(c.total)}</span></li>`)}
      </ul>
    </div>`,
  );
};

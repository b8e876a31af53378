import { cityNameIn } from '@rentals/core/gazetteer/placeNames';
import { INTL_TAGS } from '@rentals/core/i18n/locales';
import { markup } from '@rentals/core/html/markup';
import { CITIES_PATH, cityPath } from '../paths.ts';
import type { CityCounts } from '../queries.ts';
import { formatCount } from './card.ts';
import { absolute, inLanguage, layout, textOf, type SiteContext } from './layout.ts';

/** The browse index: every city with listed properties and its count, A to Z in the page's language. */
export const renderIndexPage = (site: SiteContext, cities: CityCounts[]): string => {
  const t = textOf(site);
  const named = cities.map((c) => ({ ...c, shown: cityNameIn(c.name, site.locale) }));
  const sorted = named.sort((a, b) => a.shown.localeCompare(b.shown, INTL_TAGS[site.locale]));
  const total = cities.reduce((sum, c) => sum + c.total, 0);
  return layout(
    site,
    {
      title: t('publicSite.index.title'),
      description: t('publicSite.index.description', { total, cities: cities.length }),
      path: CITIES_PATH,
      translated: true,
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: t('publicSite.cities'),
          numberOfItems: sorted.length,
          itemListElement: sorted.map((c, i) => ({
            '@type': 'ListItem',
            position: i + 1,
            url: absolute(site, inLanguage(site, cityPath(c.slug))),
            name: c.shown,
          })),
        },
      ],
    },
    markup`<div class="container page">
      <h1>${t('publicSite.index.title')}</h1>
      <p class="list-count">${t('publicSite.index.count', { total, cities: cities.length })}</p>
      ${
        sorted.length === 0
          ? markup`<div class="empty-state card">
              <h2>${t('publicSite.empty.title')}</h2>
              <p class="muted">${t('publicSite.index.emptyHint')}</p>
            </div>`
          : ''
      }
      <ul class="city-list">
        ${sorted.map((c) => markup`<li><a href="${inLanguage(site, cityPath(c.slug))}">${c.shown}</a> <span class="muted">${formatCount(c.total)}</span></li>`)}
      </ul>
    </div>`,
  );
};

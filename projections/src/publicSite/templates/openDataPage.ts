import { translatorFor } from '@rentals/core/i18n/catalogues';
import { markup, type Html } from '@rentals/core/html/markup';
import { LICENCE, MIN_CELL, OPEN_DATA } from '@rentals/core/openData/rentsSchema';
import { inLanguage, layout, textOf, type SiteContext } from './layout.ts';

/** How often, at most, the regenerator makes the data files again (regenerator.ts), as the page says. */
export const OPEN_DATA_EVERY_MINUTES = 1;

/** A city page's link to the open rent data. */
export const openDataLink = (site: SiteContext, cityName: string): Html =>
  markup`<p class="open-data-link"><a href="${inLanguage(site, OPEN_DATA.page)}">${textOf(site)(
    'publicSite.openData.cityLink',
    { city: cityName },
  )}</a></p>`;

/**
 * /data/rents in each language: what the files hold, how the figures are
 * made, what is left out and the licence, with the download links (the
 * files themselves are one set, in English, for every language).
 */
export const renderOpenDataPage = (site: SiteContext): string => {
  const { t, rich } = translatorFor(site.locale);
  const licence = rich<Html>('publicSite.openData.licence', {
    link: (chunks) => markup`<a href="${LICENCE.url}" rel="license">${chunks}</a>`,
  });
  return layout(
    site,
    {
      title: t('publicSite.openData.title'),
      description: t('publicSite.openData.description'),
      path: OPEN_DATA.page,
      translated: true,
    },
    markup`<div class="container page">
      <h1>${t('publicSite.openData.title')}</h1>
      <p>${t('publicSite.openData.intro')}</p>
      <section class="card">
        <h2>${t('publicSite.openData.download')}</h2>
        <ul>
          <li><a href="/${OPEN_DATA.csv}" download data-testid="open-data-csv">${t('publicSite.openData.csv')}</a></li>
          <li><a href="/${OPEN_DATA.json}" download data-testid="open-data-json">${t('publicSite.openData.json')}</a></li>
          <li><a href="/${OPEN_DATA.schema}">${t('publicSite.openData.schema')}</a></li>
        </ul>
      </section>
      <section class="card">
        <h2>${t('publicSite.openData.methodHeading')}</h2>
        <p>${t('publicSite.openData.asked')}</p>
        <p>${t('publicSite.openData.let')}</p>
        <p>${t('publicSite.openData.months')}</p>
        <p>${t('publicSite.openData.privacy', { min: MIN_CELL })}</p>
        <p class="muted">${t('publicSite.openData.freshness', { minutes: OPEN_DATA_EVERY_MINUTES })}</p>
      </section>
      <section class="card">
        <h2>${t('publicSite.openData.licenceHeading')}</h2>
        <p>${licence}</p>
      </section>
    </div>`,
  );
};

import type { Sql } from 'postgres';
import { localePath } from '@rentals/core/i18n/locales';
import { openDataFiles } from '../openData/files.ts';
import { OPEN_DATA } from '@rentals/core/openData/rentsSchema';
import { pageFile } from './paths.ts';
import type { Publisher } from './publisher.ts';
import type { SiteContext } from './templates/layout.ts';
import { renderOpenDataPage } from './templates/openDataPage.ts';

/**
 * The open rent data (docs/OPEN-DATA.md) published like every other file of
 * the site: the CSV, the JSON and its schema first, then the page that links
 * to them in each language (leaves first, as build.ts publishes).
 */
export const publishOpenData = async (
  publisher: Publisher,
  sql: Sql,
  sites: readonly SiteContext[],
) => {
  for (const [relative, content] of await openDataFiles(sql)) publisher.publish(relative, content);
  await publisher.settle();
  for (const site of sites)
    publisher.publish(pageFile(localePath(site.locale, OPEN_DATA.page)), renderOpenDataPage(site));
  await publisher.settle();
};

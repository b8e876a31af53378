/**
 * Preloaded into the web and projections processes of a product started with
 * `site: 'pseudo'` (product.ts): English becomes the pseudo-locale there too,
 * so the texts the servers write (the pre-rendered public pages, the listing's
 * rent card) are checked by the pseudo crawl like the site's. Emails stay
 * English: the harness confirms accounts by the email's English subject, and
 * core/src/mail/emails.unit.test.ts reads every email in every language.
 */
import { CATALOGUES, NAMESPACES } from '@rentals/core/i18n/catalogues';
import { pseudoEnglish } from '@rentals/core/i18n/pseudo';

pseudoEnglish(NAMESPACES, CATALOGUES, ['email']);

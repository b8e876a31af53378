import en from './catalogues/en/app.json' with { type: 'json' };
import hi from './catalogues/hi/app.json' with { type: 'json' };
import kn from './catalogues/kn/app.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * The installed app's texts in every language, for the script that shows its notices once the
 * page has loaded (site/src/scripts/app.ts): a few lines in three languages, loaded with that
 * script, cost a page's first load nothing, where embedding them in every page would.
 */
export const APP_TEXTS: Record<Locale, typeof en> = { en, hi, kn };

import enAdmin from './catalogues/en/admin.json' with { type: 'json' };
import hiAdmin from './catalogues/hi/admin.json' with { type: 'json' };
import knAdmin from './catalogues/kn/admin.json' with { type: 'json' };
import enAuth from './catalogues/en/auth.json' with { type: 'json' };
import hiAuth from './catalogues/hi/auth.json' with { type: 'json' };
import knAuth from './catalogues/kn/auth.json' with { type: 'json' };
import enBrowse from './catalogues/en/browse.json' with { type: 'json' };
import hiBrowse from './catalogues/hi/browse.json' with { type: 'json' };
import knBrowse from './catalogues/kn/browse.json' with { type: 'json' };
import enCard from './catalogues/en/card.json' with { type: 'json' };
import hiCard from './catalogues/hi/card.json' with { type: 'json' };
import knCard from './catalogues/kn/card.json' with { type: 'json' };
import enDetail from './catalogues/en/detail.json' with { type: 'json' };
import hiDetail from './catalogues/hi/detail.json' with { type: 'json' };
import knDetail from './catalogues/kn/detail.json' with { type: 'json' };
import enEmail from './catalogues/en/email.json' with { type: 'json' };
import hiEmail from './catalogues/hi/email.json' with { type: 'json' };
import knEmail from './catalogues/kn/email.json' with { type: 'json' };
import enEvidence from './catalogues/en/evidence.json' with { type: 'json' };
import hiEvidence from './catalogues/hi/evidence.json' with { type: 'json' };
import knEvidence from './catalogues/kn/evidence.json' with { type: 'json' };
import enHistory from './catalogues/en/history.json' with { type: 'json' };
import hiHistory from './catalogues/hi/history.json' with { type: 'json' };
import knHistory from './catalogues/kn/history.json' with { type: 'json' };
import enFrame from './catalogues/en/frame.json' with { type: 'json' };
import hiFrame from './catalogues/hi/frame.json' with { type: 'json' };
import knFrame from './catalogues/kn/frame.json' with { type: 'json' };
import enHome from './catalogues/en/home.json' with { type: 'json' };
import hiHome from './catalogues/hi/home.json' with { type: 'json' };
import knHome from './catalogues/kn/home.json' with { type: 'json' };
import enLocation from './catalogues/en/location.json' with { type: 'json' };
import hiLocation from './catalogues/hi/location.json' with { type: 'json' };
import knLocation from './catalogues/kn/location.json' with { type: 'json' };
import enMap from './catalogues/en/map.json' with { type: 'json' };
import hiMap from './catalogues/hi/map.json' with { type: 'json' };
import knMap from './catalogues/kn/map.json' with { type: 'json' };
import enNotFound from './catalogues/en/notFound.json' with { type: 'json' };
import hiNotFound from './catalogues/hi/notFound.json' with { type: 'json' };
import knNotFound from './catalogues/kn/notFound.json' with { type: 'json' };
import enPublicSite from './catalogues/en/publicSite.json' with { type: 'json' };
import hiPublicSite from './catalogues/hi/publicSite.json' with { type: 'json' };
import knPublicSite from './catalogues/kn/publicSite.json' with { type: 'json' };
import enResults from './catalogues/en/results.json' with { type: 'json' };
import hiResults from './catalogues/hi/results.json' with { type: 'json' };
import knResults from './catalogues/kn/results.json' with { type: 'json' };
import enTrust from './catalogues/en/trust.json' with { type: 'json' };
import hiTrust from './catalogues/hi/trust.json' with { type: 'json' };
import knTrust from './catalogues/kn/trust.json' with { type: 'json' };
import enCommon from './catalogues/en/common.json' with { type: 'json' };
import hiCommon from './catalogues/hi/common.json' with { type: 'json' };
import knCommon from './catalogues/kn/common.json' with { type: 'json' };
import enValidation from './catalogues/en/validation.json' with { type: 'json' };
import hiValidation from './catalogues/hi/validation.json' with { type: 'json' };
import knValidation from './catalogues/kn/validation.json' with { type: 'json' };
import enApp from './catalogues/en/app.json' with { type: 'json' };
import hiApp from './catalogues/hi/app.json' with { type: 'json' };
import knApp from './catalogues/kn/app.json' with { type: 'json' };
import enAccount from './catalogues/en/account.json' with { type: 'json' };
import hiAccount from './catalogues/hi/account.json' with { type: 'json' };
import knAccount from './catalogues/kn/account.json' with { type: 'json' };
import enMarket from './catalogues/en/market.json' with { type: 'json' };
import hiMarket from './catalogues/hi/market.json' with { type: 'json' };
import knMarket from './catalogues/kn/market.json' with { type: 'json' };
import enMessages from './catalogues/en/messages.json' with { type: 'json' };
import hiMessages from './catalogues/hi/messages.json' with { type: 'json' };
import knMessages from './catalogues/kn/messages.json' with { type: 'json' };
import enFavourites from './catalogues/en/favourites.json' with { type: 'json' };
import hiFavourites from './catalogues/hi/favourites.json' with { type: 'json' };
import knFavourites from './catalogues/kn/favourites.json' with { type: 'json' };
import enSavedSearches from './catalogues/en/savedSearches.json' with { type: 'json' };
import hiSavedSearches from './catalogues/hi/savedSearches.json' with { type: 'json' };
import knSavedSearches from './catalogues/kn/savedSearches.json' with { type: 'json' };
import enDashboard from './catalogues/en/dashboard.json' with { type: 'json' };
import hiDashboard from './catalogues/hi/dashboard.json' with { type: 'json' };
import knDashboard from './catalogues/kn/dashboard.json' with { type: 'json' };
import enMyProperties from './catalogues/en/myProperties.json' with { type: 'json' };
import hiMyProperties from './catalogues/hi/myProperties.json' with { type: 'json' };
import knMyProperties from './catalogues/kn/myProperties.json' with { type: 'json' };
import enPropertyForm from './catalogues/en/propertyForm.json' with { type: 'json' };
import hiPropertyForm from './catalogues/hi/propertyForm.json' with { type: 'json' };
import knPropertyForm from './catalogues/kn/propertyForm.json' with { type: 'json' };
import enSearch from './catalogues/en/search.json' with { type: 'json' };
import hiSearch from './catalogues/hi/search.json' with { type: 'json' };
import knSearch from './catalogues/kn/search.json' with { type: 'json' };
import enTenancy from './catalogues/en/tenancy.json' with { type: 'json' };
import hiTenancy from './catalogues/hi/tenancy.json' with { type: 'json' };
import knTenancy from './catalogues/kn/tenancy.json' with { type: 'json' };
import enPush from './catalogues/en/push.json' with { type: 'json' };
import enAgreementDraft from './catalogues/en/agreementDraft.json' with { type: 'json' };
import hiAgreementDraft from './catalogues/hi/agreementDraft.json' with { type: 'json' };
import knAgreementDraft from './catalogues/kn/agreementDraft.json' with { type: 'json' };
import enAgreements from './catalogues/en/agreements.json' with { type: 'json' };
import hiAgreements from './catalogues/hi/agreements.json' with { type: 'json' };
import knAgreements from './catalogues/kn/agreements.json' with { type: 'json' };
import enVisits from './catalogues/en/visits.json' with { type: 'json' };
import hiVisits from './catalogues/hi/visits.json' with { type: 'json' };
import knVisits from './catalogues/kn/visits.json' with { type: 'json' };
import enLets from './catalogues/en/lets.json' with { type: 'json' };
import hiLets from './catalogues/hi/lets.json' with { type: 'json' };
import knLets from './catalogues/kn/lets.json' with { type: 'json' };
import hiPush from './catalogues/hi/push.json' with { type: 'json' };
import knPush from './catalogues/kn/push.json' with { type: 'json' };
import hiTerms from './catalogues/hi/terms.json' with { type: 'json' };
import knTerms from './catalogues/kn/terms.json' with { type: 'json' };
import type { Locale } from './locales.ts';
import { englishTerms } from './terms.ts';
import { createTranslator, type Translator } from './translate.ts';

/**
 * Every text a user reads, one catalogue per language (catalogues/<language>/),
 * split by namespace into files (`email.json` holds the `email.*` ids), in ICU
 * MessageFormat: `{name}` fills in a value, `{n, plural, one {…} other {…}}`
 * follows each language's plural rules, `<b>…</b>` marks where the caller
 * puts markup. English is the source and is exactly the specification's
 * text; Hindi and Kannada hold the same ids (catalogues.unit.test.ts checks
 * ids, placeholders and tags), written against docs/i18n/GLOSSARY.md.
 *
 * This module loads every language: for server code (emails, the site's
 * build, the pre-rendered pages). A page in the browser gets only its
 * language's namespaces, embedded in the page.
 */
export const NAMESPACES = {
  account: { en: enAccount, hi: hiAccount, kn: knAccount },
  admin: { en: enAdmin, hi: hiAdmin, kn: knAdmin },
  /** The installed app's notices and offline page (site/src/scripts/app.ts reads them through appTexts.ts). */
  app: { en: enApp, hi: hiApp, kn: knApp },
  auth: { en: enAuth, hi: hiAuth, kn: knAuth },
  browse: { en: enBrowse, hi: hiBrowse, kn: knBrowse },
  card: { en: enCard, hi: hiCard, kn: knCard },
  common: { en: enCommon, hi: hiCommon, kn: knCommon },
  dashboard: { en: enDashboard, hi: hiDashboard, kn: knDashboard },
  detail: { en: enDetail, hi: hiDetail, kn: knDetail },
  email: { en: enEmail, hi: hiEmail, kn: knEmail },
  /**
   * Why the product flags something, as the API words it for admins (broker
   * signals, a report's weight, a duplicate's match) and a lister's replies
   * (never embedded in a page).
   */
  evidence: { en: enEvidence, hi: hiEvidence, kn: knEvidence },
  favourites: { en: enFavourites, hi: hiFavourites, kn: knFavourites },
  frame: { en: enFrame, hi: hiFrame, kn: knFrame },
  /** A listing's or an account's history, an event a sentence (core/src/history/describeEvent.ts; API only). */
  history: { en: enHistory, hi: hiHistory, kn: knHistory },
  home: { en: enHome, hi: hiHome, kn: knHome },
  /** The device's location and the basemap's note: the map's words the property form needs too. */
  location: { en: enLocation, hi: hiLocation, kn: knLocation },
  map: { en: enMap, hi: hiMap, kn: knMap },
  /** A listing's fair-rent hint and rent changes, as the API words them (never embedded in a page). */
  market: { en: enMarket, hi: hiMarket, kn: knMarket },
  messages: { en: enMessages, hi: hiMessages, kn: knMessages },
  myProperties: { en: enMyProperties, hi: hiMyProperties, kn: knMyProperties },
  notFound: { en: enNotFound, hi: hiNotFound, kn: knNotFound },
  propertyForm: { en: enPropertyForm, hi: hiPropertyForm, kn: knPropertyForm },
  /** Web Push notifications' titles and bodies (docs/PUSH.md; never embedded in a page). */
  push: { en: enPush, hi: hiPush, kn: knPush },
  publicSite: { en: enPublicSite, hi: hiPublicSite, kn: knPublicSite },
  results: { en: enResults, hi: hiResults, kn: knResults },
  savedSearches: { en: enSavedSearches, hi: hiSavedSearches, kn: knSavedSearches },
  search: { en: enSearch, hi: hiSearch, kn: knSearch },
  /** The words of the terms' values (yes, not specified, the deposit in months). */
  tenancy: { en: enTenancy, hi: hiTenancy, kn: knTenancy },
  /** Visits: booking from a conversation, visiting times, the dashboards' list (issue 44). */
  visits: { en: enVisits, hi: hiVisits, kn: knVisits },
  /** The let recorded: My Properties' 'Mark as let', the 'Let' status and page (issue 44). */
  lets: { en: enLets, hi: hiLets, kn: knLets },
  /** The rental agreement's screen (issue 44). */
  agreements: { en: enAgreements, hi: hiAgreements, kn: knAgreements },
  /** The agreement's PDF, the Model Tenancy Act's checks and the state notes, as the API words them (never embedded in a page). */
  agreementDraft: { en: enAgreementDraft, hi: hiAgreementDraft, kn: knAgreementDraft },
  /** The listing's labels: English computed from their declarations (terms.ts), not written twice. */
  terms: { en: englishTerms(), hi: hiTerms, kn: knTerms },
  trust: { en: enTrust, hi: hiTrust, kn: knTrust },
  validation: { en: enValidation, hi: hiValidation, kn: knValidation },
} as const;

export type Namespace = keyof typeof NAMESPACES;
type English = { [N in Namespace]: (typeof NAMESPACES)[N]['en'] }[Namespace];
export type MessageId = English extends infer E ? (E extends object ? keyof E : never) : never;
export type Messages = Record<MessageId, string>;

const catalogueOf = (locale: Locale) =>
  Object.assign({}, ...Object.values(NAMESPACES).map((byLocale) => byLocale[locale])) as Messages;

export const CATALOGUES: Record<Locale, Messages> = {
  en: catalogueOf('en'),
  hi: catalogueOf('hi'),
  kn: catalogueOf('kn'),
};

const translators = new Map<Locale, Translator<MessageId>>();

/** The translator of one language, made once per process. */
export const translatorFor = (locale: Locale): Translator<MessageId> => {
  let translator = translators.get(locale);
  if (!translator) {
    translator = createTranslator(locale, CATALOGUES[locale]);
    translators.set(locale, translator);
  }
  return translator;
};

import { ValidationError } from '@rentals/core/errors';
import { EMAIL_VERIFICATION_MESSAGES } from '@rentals/core/accounts/emailVerification';
import { RESET_LINK_MESSAGES } from '@rentals/core/accounts/passwordReset';
import { conversationMessages } from '@rentals/core/conversations/decide';
import { messageBodyMessages } from '@rentals/core/conversations/messageBody';
import { favouriteMessages as favouriteRules } from '@rentals/core/favourites/favourite';
import { negotiateLocale, type Locale } from '@rentals/core/i18n/locales';
import { isValued, sayIn } from '@rentals/core/i18n/valued';
import { valuesReader } from '@rentals/core/i18n/valuedMessages';
import { messages as listingMessages } from '@rentals/core/listings/decide';
import { fieldMessages } from '@rentals/core/listings/fields';
import { tenancyMessages } from '@rentals/core/listings/tenancy';
import { reportMessages } from '@rentals/core/reports/report';
import { savedSearchMessages } from '@rentals/core/savedSearches/savedSearches';
import { duplicateReviewMessages } from '@rentals/core/trust/duplicateReview';
import { listerRoleMessages } from '@rentals/core/trust/listerRole';
import { TOO_CHEAP_WARNING } from '@rentals/core/trust/tooCheap';
import { visitMessages } from '@rentals/core/visits/decide';
import { agreementMessages } from '@rentals/core/agreements/decide';
import { agreementTermMessages } from '@rentals/core/agreements/terms';
import { visitReasonMessages } from '@rentals/core/visits/reason';
import { visitWindowMessages } from '@rentals/core/visits/windows';
import { letMessages } from '@rentals/core/listings/let';
import { letApiMessages } from '../lets/service.ts';
import { WRITE_LIMITS } from '../access/writeLimits.ts';
import { MESSAGES as SESSION_MESSAGES } from '../access/session.ts';
import { LIMIT_MESSAGES } from '../auth/attemptLimits.ts';
import { MESSAGES as AUTH_MESSAGES } from '../auth/model.ts';
import { favouriteMessages as favouriteBodyMessages } from '../favourites/model.ts';
import { MESSAGES as IDEMPOTENCY_MESSAGES } from '../idempotency/model.ts';
import { limitTexts as conversationLimitTexts } from '../conversations/limits.ts';
import { confirmLinkMessages } from '../listings/confirmLink.ts';
import { photoMessages } from '../media/photoRules.ts';
import { notificationMessages } from '../notifications/model.ts';
import { searchRateMessage } from '../properties/searchRate.ts';
import { reportApiMessages } from '../reports/model.ts';
import { savedSearchBodyMessages } from '../savedSearches/model.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, INTERNAL_ERROR_MESSAGE } from '../shared/errorHandler.ts';
import hi from './errors.hi.json' with { type: 'json' };
import kn from './errors.kn.json' with { type: 'json' };

/**
 * The API's messages a person reads, in Hindi and Kannada (issue 42). The
 * English stays where each rule declares it (the message tables below), so
 * the wire contract is the specification's, byte for byte; this module
 * derives an id for each (`errors.<group>.<key>`) and the Hindi and Kannada
 * files are keyed by those ids. A client that asks for a language
 * (`Accept-Language: hi`, as the site sends on its Hindi pages) gets an
 * error's `message` and each field's `msg` in it.
 *
 * Left in English on purpose: messages about a parameter's format that only
 * a developer calling the API meets (`bbox must be four numbers…`, `limit
 * must be…`): they name parameters and are documented in English in the
 * OpenAPI description.
 *
 * Messages built with a value (a file's name, `try again in 3 minutes`) are
 * declared as English ICU messages (core/src/i18n/valued.ts); their
 * translations are ICU too, and the values are read back from the English
 * text (core/src/i18n/valuedMessages.ts), so an error still carries only its words.
 */
const pick = <T extends Record<string, unknown>, K extends keyof T>(table: T, ...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, table[key]])) as Pick<T, K>;

const GROUPS: Record<string, Record<string, unknown>> = {
  common: {
    validationFailed: new ValidationError([]).message,
    internal: INTERNAL_ERROR_MESSAGE,
    unavailable: DATABASE_UNAVAILABLE_MESSAGE,
  },
  auth: AUTH_MESSAGES,
  session: SESSION_MESSAGES,
  limits: LIMIT_MESSAGES,
  verification: EMAIL_VERIFICATION_MESSAGES,
  reset: RESET_LINK_MESSAGES,
  fields: fieldMessages,
  listing: listingMessages,
  tenancy: tenancyMessages,
  photos: photoMessages,
  confirmLink: confirmLinkMessages,
  savedSearch: savedSearchMessages,
  savedSearchBody: pick(savedSearchBodyMessages, 'tooMany'),
  favourite: favouriteRules,
  favouriteBody: pick(favouriteBodyMessages, 'tooMany'),
  conversation: conversationMessages,
  messageBody: messageBodyMessages,
  notifications: pick(notificationMessages, 'tooMany'),
  report: reportMessages,
  reportBody: pick(reportApiMessages, 'tooMany'),
  listerRole: listerRoleMessages,
  idempotency: IDEMPOTENCY_MESSAGES,
  duplicate: duplicateReviewMessages,
  conversationLimits: conversationLimitTexts,
  search: { tooMany: searchRateMessage },
  visit: visitMessages,
  visitReason: visitReasonMessages,
  visitWindows: visitWindowMessages,
  visitLimit: { tooMany: WRITE_LIMITS.visit.tooMany },
  let: letMessages,
  letApi: letApiMessages,
  letLimit: { tooMany: WRITE_LIMITS.let.tooMany },
  agreement: agreementMessages,
  agreementTerms: agreementTermMessages,
  agreementLimit: { tooMany: WRITE_LIMITS.agreement.tooMany },
  // Not an error: what a listing's 'Rent & market' card warns tenants of.
  trust: { tooCheap: TOO_CHEAP_WARNING },
};

const entries = Object.entries(GROUPS).flatMap(([group, table]) =>
  Object.entries(table).map(([key, entry]) => [`errors.${group}.${key}`, entry] as const),
);

/**
 * Every translated message in English, by id: derived from the tables, never
 * written twice (a valued message as its ICU message).
 */
export const ENGLISH_API_MESSAGES: Record<string, string> = Object.fromEntries(
  entries.flatMap(([id, entry]) =>
    typeof entry === 'string' ? [[id, entry]] : isValued(entry) ? [[id, entry.icu]] : [],
  ),
);

/** The ids of the messages built with values: their translations are ICU messages. */
export const VALUED_IDS: ReadonlySet<string> = new Set(
  entries.filter(([, entry]) => isValued(entry)).map(([id]) => id),
);

export const API_MESSAGE_TRANSLATIONS: Record<Exclude<Locale, 'en'>, Record<string, string>> = {
  hi,
  kn,
};

/** English text → its translation, per language (the first id wins where two rules share words). */
const byEnglish = Object.fromEntries(
  Object.entries(API_MESSAGE_TRANSLATIONS).map(([locale, translated]) => {
    const map = new Map<string, string>();
    for (const [id, english] of Object.entries(ENGLISH_API_MESSAGES)) {
      const text = translated[id];
      if (text !== undefined && !map.has(english)) map.set(english, text);
    }
    return [locale, map];
  }),
) as Record<Exclude<Locale, 'en'>, Map<string, string>>;

const readers = [...VALUED_IDS].map((id) => ({
  id,
  read: valuesReader(ENGLISH_API_MESSAGES[id]!),
}));
/** A message built with values, said in `locale` with the values its English text holds. */
const valuedIn = (message: string, locale: Exclude<Locale, 'en'>): string | undefined => {
  for (const { id, read } of readers) {
    const values = read(message);
    if (values) return sayIn(locale, API_MESSAGE_TRANSLATIONS[locale][id]!, values);
  }
  return undefined;
};

/** A message in the language asked for, or as it is when it has no translation. */
export const localiseMessage = (message: string, locale: Locale): string =>
  locale === 'en'
    ? message
    : (byEnglish[locale].get(message) ?? valuedIn(message, locale) ?? message);

/**
 * A sentence the API answers with on success (`{message}`: 'Your password has
 * been reset…'), in the request's language: the same tables as the errors'.
 */
export const saidFor = (request: Request, message: string): string =>
  localiseMessage(message, requestLocale(request));

type ErrorBody = { message: string; errors?: { path: string; msg: string }[] };

/** The language a request asks for (its Accept-Language; English without one). */
export const requestLocale = (request: Request): Locale =>
  negotiateLocale(request.headers.get('accept-language'));

/** An error body with its message and every field's message in the request's language. */
export const localiseErrorBody = <B extends ErrorBody>(body: B, request: Request): B => {
  const locale = requestLocale(request);
  if (locale === 'en') return body;
  return {
    ...body,
    message: localiseMessage(body.message, locale),
    ...(body.errors
      ? { errors: body.errors.map((e) => ({ ...e, msg: localiseMessage(e.msg, locale) })) }
      : {}),
  };
};

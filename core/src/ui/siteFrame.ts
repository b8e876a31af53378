/**
 * The header and footer of every page, one copy for the Astro pages
 * (Header.astro, Footer.astro) and the pre-rendered public pages (the
 * projections' layout): the same links, the same phone menu (collapsed behind
 * the menu button at phone width), the same signed-in menu. The site's
 * scripts/frame.ts brings them to life: it shows what `data-show` marks for
 * who is signed in and opens the phone menu.
 */
import type { MessageId } from '../i18n/catalogues.ts';
import type { MessageValues } from '../i18n/translate.ts';
import { DEFAULT_LOCALE, LOCALE_NAMES, localePath, type Locale } from '../i18n/locales.ts';
import { iconSvg } from './icons.ts';
import { signedInNavHtml } from './signedInNav.ts';

/** The frame's texts in the page's language (translatorFor(locale).t on the server). */
export type FrameText = (id: MessageId, values?: MessageValues) => string;

/**
 * What the site's scripts that also run on the pre-rendered public pages
 * show (the sign-out toasts, the API client's failures). Those pages embed
 * no namespace for islands, so they embed these, in their language, as
 * `#page-messages`; the site's pages have them in `common`.
 */
export const FRAME_SCRIPT_TEXTS = [
  'common.loggedOut',
  'common.signedOutEverywhere',
  'common.timedOut',
  'common.networkError',
  'common.validationFailed',
  'common.dataSaver.showPhoto',
] as const satisfies readonly MessageId[];

type FrameOptions = {
  /**
   * Pre-rendered public pages work without script: what a visitor needs
   * (Login, Register) is shown until the script knows better. The app's pages
   * keep it hidden until then.
   */
  visitorFirst?: boolean;
  /** The page's language: its links stay in it (`/hi/browse`). English when not given. */
  locale?: Locale;
  /** The page's own path without a language, for the language switch ('/browse'). */
  path?: string;
  /** The languages the page exists in; the switch shows when there is more than one. */
  locales?: readonly Locale[];
};

const out = ({ visitorFirst }: FrameOptions) =>
  visitorFirst ? 'data-show="out"' : 'data-show="out" hidden';

/** A site path in the page's language. */
export type FrameHref = (path: string) => string;
const hrefIn =
  ({ locale = DEFAULT_LOCALE }: FrameOptions): FrameHref =>
  (path) =>
    localePath(locale, path);

/**
 * The page in each of its languages, each named in itself. The links point at
 * the page's own path; scripts/frame.ts corrects them on pages served for many
 * paths (a listing's /properties/{id}).
 */
const languageSwitch = (
  t: FrameText,
  { locale = DEFAULT_LOCALE, path = '/', locales = [] }: FrameOptions,
) =>
  locales.length < 2
    ? ''
    : `<nav class="lang-switch" aria-label="${t('frame.language')}"><ul class="inline-list">${locales
        .map(
          (l) =>
            `<li><a href="${localePath(l, path)}" hreflang="${l}" lang="${l}" data-lang="${l}"${l === locale ? ' aria-current="true"' : ''}>${LOCALE_NAMES[l]}</a></li>`,
        )
        .join('')}</ul></nav>`;

export const headerHtml = (t: FrameText, options: FrameOptions = {}): string => {
  const href = hrefIn(options);
  return `<header class="site-header">
  <nav class="nav container" aria-label="${t('frame.mainNav')}">
    <a href="${href('/')}" class="logo" aria-label="${t('frame.logoLabel')}">${iconSvg('home')} Rentals</a>
    <button type="button" class="menu-toggle" id="menu-toggle" aria-expanded="false" aria-controls="nav-menu">
      <span class="visually-hidden">${t('frame.menu')}</span>${iconSvg('menu')}
    </button>
    <div class="nav-links" id="nav-menu" data-open="false">
      <a href="${href('/browse')}" id="nav-browse">${t('frame.browse')}</a>
      ${signedInNavHtml(t, href)}
      <a href="${href('/login')}" ${out(options)}>${t('frame.login')}</a>
      <a href="${href('/register')}" class="button button-primary" ${out(options)}>${t('frame.register')}</a>
      ${languageSwitch(t, options)}
      <span class="spinner spinner-small" data-show="loading" role="status" aria-label="${t('frame.loading')}"${options.visitorFirst ? ' hidden' : ''}></span>
    </div>
  </nav>
</header>`;
};

/** Networks are named as they name themselves, in every language. */
const SOCIAL = ['Facebook', 'X', 'Instagram', 'LinkedIn'];

/**
 * The footer; a signed-in user gets Dashboard where a visitor gets Login and
 * Register. The public pages leave the year out: a page's text depends only on
 * its listings, so a rebuild writes the same bytes.
 */
export const footerHtml = (
  t: FrameText,
  year: number | null,
  options: FrameOptions = {},
): string => {
  const href = hrefIn(options);
  return `<footer class="site-footer">
  <div class="container footer-grid">
    <section aria-labelledby="footer-about">
      <h2 id="footer-about">${t('frame.footer.about')}</h2>
      <p>${t('frame.footer.aboutText')}</p>
    </section>
    <section aria-labelledby="footer-links">
      <h2 id="footer-links">${t('frame.footer.quickLinks')}</h2>
      <ul>
        <li><a href="${href('/')}">${t('frame.footer.home')}</a></li>
        <li><a href="${href('/browse')}">${t('frame.browse')}</a></li>
        <li><a href="${href('/browse/cities')}">${t('frame.footer.browseByCity')}</a></li>
        <li data-show="lister"${options.visitorFirst ? '' : ' hidden'}><a href="${href('/add-property')}">${t('frame.listProperty')}</a></li>
        <li data-show="in" hidden><a href="${href('/dashboard')}">${t('frame.dashboard')}</a></li>
        <li ${out(options)}><a href="${href('/login')}">${t('frame.login')}</a></li>
        <li ${out(options)}><a href="${href('/register')}">${t('frame.register')}</a></li>
      </ul>
    </section>
    <section aria-labelledby="footer-contact">
      <h2 id="footer-contact">${t('frame.footer.contact')}</h2>
      <ul>
        <li>support@rentals.example</li>
        <li>+91 00000 00000</li>
        <li>${t('frame.footer.place')}</li>
      </ul>
    </section>
    <section aria-labelledby="footer-social">
      <h2 id="footer-social">${t('frame.footer.follow')}</h2>
      <ul class="inline-list">
        ${SOCIAL.map((network) => `<li><a href="#" aria-label="${t('frame.footer.comingSoon', { network })}">${network}</a></li>`).join('\n        ')}
      </ul>
    </section>
  </div>
  <div class="container footer-bottom">
    <p>${year === null ? t('frame.footer.rightsNoYear') : t('frame.footer.rights', { year: String(year) })}</p>
    ${languageSwitch(t, options)}
    <ul class="inline-list">
      <li><a href="#">${t('frame.footer.privacy')}</a></li>
      <li><a href="#">${t('frame.footer.terms')}</a></li>
      <li><a href="#">${t('frame.footer.cookies')}</a></li>
      <li><label class="data-saver-switch"><input type="checkbox" data-data-saver /> ${t('frame.footer.dataSaver')}</label></li>
    </ul>
  </div>
</footer>`;
};

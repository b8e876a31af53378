import type { FrameHref, FrameText } from './siteFrame.ts';
import { iconSvg } from './icons.ts';

/**
 * The signed-in part of the header (SPEC §2: 'List Property' for owners and the
 * user menu), one copy for the Astro pages (Header.astro) and the pre-rendered
 * public pages (the projections' layout). Hidden until the site's
 * scripts/frame.ts knows who is signed in; it fills in the name and initial.
 * An admin's menu has the admin console's pages instead of a tenant's
 * dashboard, favourites and saved searches (`data-show="admin"` / `"member"`).
 * The site's notification bell (scripts/bell.ts, fetched once signed in)
 * builds its button and list, with the words the server wrote on its element
 * in the page's language.
 */
/**
 * The nouns of the bell's and the badge's counts, in both plural forms the
 * languages have (one: 1 in English, 0 and 1 in Hindi and Kannada; other),
 * for the scripts to choose by Intl.PluralRules (scripts/countWords.ts).
 */
const COUNT_WORDS = [
  ['unread', 'frame.bell.unread'],
  ['messages', 'frame.bell.unreadMessages'],
] as const;
const countWords = (t: FrameText) =>
  COUNT_WORDS.map(
    ([name, id]) => `data-${name}-one="${t(id, { n: 1 })}" data-${name}-other="${t(id, { n: 2 })}"`,
  ).join(' ');

/** A message with `{placeholders}` as an attribute value (its quotes as entities). */
const escapeAttribute = (text: string) => text.replaceAll('"', '&quot;');

/** The unread messages badge: an envelope and the count, with the count in words for screen readers (filled by frame.ts). */
const UNREAD_BADGE = `<span class="unread-badge" data-unread-badge hidden><span aria-hidden="true">${iconSvg('mail')} <span data-unread-count></span></span><span class="visually-hidden" data-unread-words></span></span>`;

/** A visit's notice in the bell, one pattern per kind ('visit-booked' → data-visit-booked), {title} and {when} filled by bell.ts. */
const VISIT_KINDS = [
  ['visit-booked', 'frame.bell.visitBooked'],
  ['visit-moved', 'frame.bell.visitMoved'],
  ['visit-cancelled', 'frame.bell.visitCancelled'],
] as const;
const visitWords = (t: FrameText) =>
  VISIT_KINDS.map(
    ([kind, id]) =>
      `data-${kind}="${escapeAttribute(t(id, { title: '{title}', when: '{when}' }))}"`,
  ).join(' ');

export const signedInNavHtml = (
  t: FrameText,
  href: FrameHref,
) => `<a href="${href('/add-property')}" data-show="owner" hidden>${t('frame.listProperty')}</a>
<div class="bell" id="bell" data-show="in" data-heading="${t('frame.notifications')}" data-empty="${t('frame.bell.empty')}" data-mark-read="${t('frame.bell.markRead')}" ${countWords(t)} data-match="${escapeAttribute(t('frame.bell.match', { search: '{search}', title: '{title}' }))}" ${visitWords(t)} hidden></div>
<div class="user-menu" data-show="in" hidden>
  <button type="button" class="user-button" id="user-button" aria-expanded="false" aria-controls="user-menu-list">
    <span class="avatar" aria-hidden="true" id="user-initial"></span>
    <span id="user-name" translate="no"></span>
    ${UNREAD_BADGE}
  </button>
  <ul class="user-menu-list" id="user-menu-list" hidden>
    <li data-show="member" hidden><a href="${href('/dashboard')}">${t('frame.dashboard')}</a></li>
    <li data-show="admin" hidden><a href="${href('/admin')}">${t('frame.adminConsole')}</a></li>
    <li data-show="admin" hidden><a href="${href('/admin/reports')}">${t('frame.reviewReports')}</a></li>
    <li data-show="admin" hidden><a href="${href('/admin/verify')}">${t('frame.verifyListings')}</a></li>
    <li data-show="owner" hidden><a href="${href('/my-properties')}">${t('frame.myProperties')}</a></li>
    <li data-show="member" hidden><a href="${href('/favourites')}">${t('frame.favourites')}</a></li>
    <li data-show="member" hidden><a href="${href('/saved-searches')}">${t('frame.savedSearches')}</a></li>
    <li><a href="${href('/profile')}">${t('frame.profile')}</a></li>
    <li><a href="${href('/messages')}" id="nav-messages">${t('frame.messages')} ${UNREAD_BADGE}</a></li>
    <li><button type="button" id="logout-button">${t('frame.logout')}</button></li>
  </ul>
</div>`;

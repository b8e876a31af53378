import { displayPhone, mailtoHref, telHref } from '../../lib/contactLinks.ts';
import type { OwnerContact } from '../../lib/types.ts';
import { requestMessageForm } from '../../stores/messageForm.ts';
import { Icon } from '@rentals/core/ui/Icon.tsx';
import { text } from '../../lib/i18n.ts';
import { format } from '../../lib/i18nFormat.ts';

type Props = { contact: OwnerContact; listingTitle: string; ownerName: string };

/**
 * The detail page's contact bar on a phone (issue 38): kept at the bottom of
 * the screen, so the owner can be reached from the first screen, not three
 * screens down below the map. Call and Email only where the owner shows
 * their phone or email; Message always (it opens the page's message form).
 * On wider screens the Contact Owner card beside the listing does this, and
 * the bar is not shown (global.css).
 */
export const ContactBar = ({ contact, listingTitle, ownerName }: Props) => (
  <>
    <div
      className="contact-bar"
      role="region"
      aria-label={format('detail.bar.region', { name: ownerName })}
    >
      {contact.phone && (
        <a
          className="button button-primary"
          href={telHref(contact.phone)}
          aria-label={format('detail.bar.callLabel', {
            name: ownerName,
            phone: displayPhone(contact.phone),
          })}
        >
          <Icon name="phone" /> {text('detail.bar.call')}
        </a>
      )}
      <button
        type="button"
        className={`button${contact.phone ? '' : ' button-primary'}`}
        onClick={requestMessageForm}
      >
        <Icon name="message" /> {text('detail.bar.message')}
      </button>
      {contact.email && (
        <a
          className="button"
          href={mailtoHref(contact.email, listingTitle)}
          aria-label={format('detail.bar.emailLabel', { name: ownerName })}
        >
          <Icon name="mail" /> {text('detail.bar.email')}
        </a>
      )}
    </div>
    {/* Room at the page's end, so the bar never covers its last lines. */}
    <div className="contact-bar-room" aria-hidden="true" />
  </>
);

/**
 * Requests to open the detail page's "Send Message" form from elsewhere on
 * the page (the phone's contact bar, ContactBar): each one opens the form,
 * brings it into view and puts the cursor in the message.
 */
import { atom } from 'nanostores';

export const $messageFormRequests = atom(0);

export const requestMessageForm = (): void =>
  $messageFormRequests.set($messageFormRequests.get() + 1);

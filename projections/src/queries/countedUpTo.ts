/**
 * Where the counts the site shows stop (the bell's unread, a saved search's
 * new matches): shown as '99+' beyond 99, so counting further only costs a
 * heavy user's every page.
 */
export const MAX_COUNTED = 100;

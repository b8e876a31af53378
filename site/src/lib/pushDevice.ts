import { apiRoute } from './api.ts';

/**
 * This browser's push subscription, dropped on signing out (stores/auth.ts):
 * the next person on a shared phone must not get the account's notifications.
 */
export const forgetPush = async () => {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager?.getSubscription();
  if (!subscription) return;
  await apiRoute('DELETE /push/subscriptions', { json: { endpoint: subscription.endpoint } });
  await subscription.unsubscribe();
};

import { useEffect, useState } from 'react';
import type { User } from '../../lib/types.ts';
import { apiRoute, describeError } from '../../lib/api.ts';
import { text } from '../../lib/i18n.ts';
import { updateProfile } from '../../stores/auth.ts';
import { toast } from '../../stores/toasts.ts';
import { useBusy } from './useBusy.ts';

type Switch = keyof User['push'];
const SWITCHES: { key: Switch; label: () => string }[] = [
  { key: 'messages', label: () => text('account.push.messages') },
  { key: 'alerts', label: () => text('account.push.alerts') },
  { key: 'ownerNotices', label: () => text('account.push.ownerNotices') },
  { key: 'quietHours', label: () => text('account.push.quietHours') },
];

/** Where this browser stands: no push at all, push blocked by the user, subscribed or not. */
type DeviceState = 'unsupported' | 'blocked' | 'on' | 'off';

/**
 * The service worker the site registers (site/src, the offline work): push
 * needs one, and this page never registers it itself.
 */
const registration = async () =>
  'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
    ? ((await navigator.serviceWorker.getRegistration()) ?? null)
    : null;

const deviceState = async (): Promise<DeviceState> => {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if (Notification.permission === 'denied') return 'blocked';
  return (await reg.pushManager.getSubscription()) ? 'on' : 'off';
};

const turnOn = async (): Promise<DeviceState> => {
  const reg = await registration();
  if (!reg) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return 'blocked';
  const { publicKey } = await apiRoute('GET /push/key', {});
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: publicKey,
  });
  await apiRoute('POST /push/subscriptions', { json: subscription.toJSON() });
  return 'on';
};

const turnOff = async (): Promise<DeviceState> => {
  const subscription = await (await registration())?.pushManager.getSubscription();
  if (subscription) {
    await apiRoute('DELETE /push/subscriptions', { json: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return 'off';
};

/**
 * Push notifications (issue 43): this device on or off, and which kinds the
 * account gets on every device (each switch saved as it changes, as the
 * language is).
 */
export const PushSettings = ({ user }: { user: User }) => {
  const { busy, run } = useBusy();
  const [device, setDevice] = useState<DeviceState | null>(null);
  useEffect(() => {
    void deviceState().then(setDevice, () => setDevice('unsupported'));
  }, []);
  const failed = (error: unknown) =>
    toast.error(describeError(error, text('common.unexpectedError')));
  // Shown as clicked at once; put back if the save fails.
  const [values, setValues] = useState(user.push);
  const toggle = (key: Switch, on: boolean) => {
    setValues((v) => ({ ...v, [key]: on }));
    void run(
      async () => {
        setValues((await updateProfile({ push: { [key]: on } })).push);
        toast.success(text('account.push.saved'));
      },
      (error) => {
        setValues((v) => ({ ...v, [key]: !on }));
        failed(error);
      },
    );
  };
  const setOn = (on: boolean) =>
    void run(async () => setDevice(await (on ? turnOn() : turnOff())), failed);
  return (
    <section className="card" aria-labelledby="push-heading" data-testid="push-settings">
      <h2 id="push-heading">{text('account.push.title')}</h2>
      <p>{text('account.push.intro')}</p>
      <h3>{text('account.push.device')}</h3>
      {device === 'unsupported' && <p>{text('account.push.unsupported')}</p>}
      {device === 'blocked' && <p>{text('account.push.blocked')}</p>}
      {device === 'on' && <p>{text('account.push.enabled')}</p>}
      {(device === 'on' || device === 'off') && (
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={() => setOn(device === 'off')}
        >
          {text(device === 'off' ? 'account.push.enable' : 'account.push.disable')}
        </button>
      )}
      <fieldset>
        {SWITCHES.map(({ key, label }) => (
          <label key={key} className="checkbox">
            <input
              type="checkbox"
              name={`push-${key}`}
              checked={values[key]}
              onChange={(e) => toggle(key, e.target.checked)}
            />{' '}
            {label()}
          </label>
        ))}
      </fieldset>
    </section>
  );
};

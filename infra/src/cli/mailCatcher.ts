/**
 * The local mail catcher as a process of its own, for `npm run dev`
 * (infra/src/dev/main.ts supervises it): maildev on MAIL_SMTP_PORT and
 * MAIL_WEB_PORT (1025 and 1080 unless set), loopback only.
 */
import { loadConfig } from '@rentals/core/config/env';
import { startMailCatcher } from '../services/mailCatcher.ts';

const config = loadConfig(process.env);
const catcher = await startMailCatcher({
  smtpPort: config.mailSmtpPort,
  webPort: config.mailWebPort,
});
console.log(`mail catcher ready: SMTP ${catcher.smtpUrl}, inbox ${catcher.webUrl}`);

const stop = async () => {
  await catcher.stop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());

import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM, chromiumPath } from '@rentals/infra/services/systemPrograms';

/** Debian's Chromium (CHROMIUM_PATH to use another), headless, with nothing that reaches the network on its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

export const launchChromium = (): Promise<Browser> => {
  if (!CHROMIUM.locate())
    throw new Error(
      `no Chromium at ${chromiumPath()}: \`npm test\` and \`npm run test:e2e\` install Debian's chromium when run as root; otherwise \`sudo apt-get install chromium\`, or set CHROMIUM_PATH`,
    );
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
};

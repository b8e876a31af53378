import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { seriousViolations } from './axe.ts';
import { ROOT } from './stack.ts';

const DIR = join(ROOT, 'artifacts', 'screenshots');

/** Saves a full-page screenshot as a test artifact and asserts no serious accessibility issue. */
export const checkScreen = async (page: Page, name: string): Promise<void> => {
  mkdirSync(DIR, { recursive: true });
  await page.screenshot({ path: join(DIR, `${name}.png`), fullPage: true });
  expect(await seriousViolations(page), `axe on ${name}`).toEqual([]);
};

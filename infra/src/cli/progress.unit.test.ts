import { afterEach, describe, expect, it, vi } from 'vitest';
import { progressBar } from './progress.ts';

const written: string[] = [];
const tty = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
afterEach(() => {
  vi.restoreAllMocks();
  if (tty) Object.defineProperty(process.stderr, 'isTTY', tty);
  else delete (process.stderr as { isTTY?: boolean }).isTTY;
  written.length = 0;
});

const capture = () => {
  Object.defineProperty(process.stderr, 'isTTY', { value: false, configurable: true });
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    written.push(String(chunk));
    return true;
  });
};

describe('progress bar', () => {
  it('shows the rate and the time left, and no time left once done', () => {
    capture();
    const bar = progressBar('events', 1000);
    bar.update(500);
    bar.done();
    expect(written[0]).toMatch(
      /^events \[#{15}\.{15}\] 50% 500\/1,000 · [\d,]+\/s · (\d+m \d\ds|\d+s) left\n$/,
    );
    expect(written.at(-1)).toMatch(/^events \[#{30}\] 100% 1,000\/1,000 · [\d,]+\/s\n$/);
  });
});

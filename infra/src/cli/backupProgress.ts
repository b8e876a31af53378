import type { BackupProgress } from '../ops/backup.ts';
import { progressBar } from './progress.ts';

/** Bytes as "812 B", "48.2 KB", "1.3 GB" (powers of 1024, one decimal). */
export const formatBytes = (bytes: number) => {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} B` : `${value.toFixed(1)} ${units[unit]}`;
};

/**
 * Progress of `npm run backup` / `restore`: a bar per table (rows) and for the
 * media (files) on stderr while it runs, then one line on stdout when it ends:
 * `events: 1,20,345 rows, 212.4 MB in 3.1s` (`verb` names what happened to them).
 */
export const printProgress = (verb: string): BackupProgress => {
  let bar: ReturnType<typeof progressBar> | null = null;
  let started = 0;
  return ({ part, total, flow, finished }) => {
    if (bar === null) {
      bar = progressBar(part, total);
      started = performance.now();
    }
    if (!finished) return bar.update(flow.rows);
    bar.done();
    bar = null;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const count =
      part === 'media'
        ? `${flow.rows.toLocaleString('en-IN')} ${flow.rows === 1 ? 'file' : 'files'}`
        : `${total.toLocaleString('en-IN')} ${total === 1 ? 'row' : 'rows'}`;
    console.log(`${part}: ${count}, ${formatBytes(flow.bytes)} ${verb} in ${seconds}s`);
  };
};

import { watch } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from '../commands.ts';
import { devStack } from '../devStack.ts';
import { largePhotos, startUploads } from '../load.ts';
import { killProcess, scenario, type Fault } from '../scenario.ts';
import type { Stack } from '../stack.ts';
import { photoQueueSettled } from '../photoQueue.ts';

/** How long to wait for an upload to start storing its photos before killing anyway. */
const STORE_WAIT_MS = 20_000;

let photos: ReturnType<typeof largePhotos> | undefined;

/** The sweep's counts: `N files checked: A orphan photos and B temporary files …`. */
const sweep = async (stack: Stack, args: string[]) => {
  const { code, output } = await runCommand('infra/src/cli/mediaSweep.ts', args, stack.env);
  const match = / (\d+) orphan photos and (\d+) temporary files/.exec(output);
  if (code !== 0 || !match)
    throw new Error(`npm run media:sweep ${args.join(' ')} failed:\n${output}`);
  return { orphans: Number(match[1]), temporary: Number(match[2]) };
};

// Three owners keep uploading three camera photos each (13 MB multipart bodies) beside the
// standard load. The web process is killed the moment an upload starts writing its photos to
// the media store — between storing the files and appending the event, the one moment a kill
// leaves files no event mentions — while the other uploads are mid-body or mid-processing.
// Afterwards `npm run media:sweep` (short grace) must leave no orphan and no .tmp file, and
// every photo of an acknowledged create must still be served.
scenario({
  name: 'web-upload',
  summary: 'kill -9 of the web process mid-upload, then npm run media:sweep',
  order: 60,
  stack: devStack,
  extraLoad: (ctx) =>
    startUploads(ctx.load, {
      photos: (photos ??= largePhotos(3)),
      label: 'upload',
      recorder: ctx.recorder,
      ledger: ctx.ledger,
    }),
  inject: async ({ stack }) => {
    const dir = join(stack.dataDir, 'media', 'listings');
    await mkdir(dir, { recursive: true });
    const stored = await new Promise<string | null>((resolve) => {
      // A temporary file appears when a photo starts being written (localDiskStore writes, then renames).
      const watcher = watch(dir, { recursive: true }, (_event, file) => {
        if (!file || !String(file).endsWith('.tmp')) return;
        watcher.close();
        clearTimeout(timer);
        resolve(String(file));
      });
      const timer = setTimeout(() => {
        watcher.close();
        resolve(null);
      }, STORE_WAIT_MS);
    });
    return killProcess(
      stack,
      'web',
      stored
        ? `killed as listings/${stored} was being written`
        : 'no photo was being stored; killed anyway',
    );
  },
  check: async ({ stack, recorder }, fault: Fault) => {
    // Only files from before the kill are settled; the short grace leaves anything newer alone.
    // The kill may cut the photo processor mid-listing: its photos are taken up again when the
    // claim's lease ends, and their renditions written again, so sweep once the queue is empty.
    await new Promise((r) => setTimeout(r, Math.max(0, fault.start + 7_000 - Date.now())));
    await photoQueueSettled(stack);
    const before = await sweep(stack, ['--dry-run', '--grace-minutes', '0']);
    const swept = await sweep(stack, ['--grace-minutes', '0.1']);
    const after = await sweep(stack, ['--dry-run', '--grace-minutes', '0']);
    const breaches: string[] = [];
    const uploads = recorder.outcomes.filter((o) => o.op === 'upload');
    const bodyBytes = (await (photos ??= largePhotos(3))).reduce((n, p) => n + p.bytes.length, 0);
    if (after.orphans + after.temporary > 0)
      breaches.push(
        `after npm run media:sweep, ${after.orphans} orphan photo(s) and ${after.temporary} .tmp file(s) remain`,
      );
    return {
      lines: [
        `large uploads: ${uploads.length} sent, ${uploads.filter((o) => o.status === 201).length} acknowledged (3 photos, ${(bodyBytes / 1024 / 1024).toFixed(1)} MB each)`,
        `left by the kill: ${before.orphans} orphan photo file(s), ${before.temporary} .tmp file(s)`,
        `npm run media:sweep -- --grace-minutes 0.1 removed ${swept.orphans} orphan(s) and ${swept.temporary} .tmp file(s); ${after.orphans + after.temporary} remain`,
      ],
      breaches,
    };
  },
});

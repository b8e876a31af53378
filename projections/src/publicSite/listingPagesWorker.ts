/**
 * The thread a full build renders and writes its listing pages on (started by
 * listingPagesThread.ts, which says why). Chunks are rendered one at a time in
 * the order they came; a chunk is reported once its files are on disk, while
 * the next one is already being rendered.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromThread, ThreadSetup, ToThread } from './listingPagesThread.ts';
import { listingFile } from './paths.ts';
import { createPublisher } from './publisher.ts';
import { renderListingPage } from './templates/listingPage.ts';

const { outDir, sites } = workerData as ThreadSetup;
const publisher = createPublisher(outDir, { skipUnchanged: false, queue: true });
const reply = (message: FromThread) => parentPort!.postMessage(message);
const failed = (error: unknown) =>
  reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });

const render = async ({ seq, rows }: ToThread) => {
  for (const row of rows)
    for (const site of sites)
      await publisher.publishSoon(listingFile(site.locale, row.id), renderListingPage(site, row));
  // `settle` waits for the writes under way now, not for the next chunk's.
  publisher
    .settle()
    .then(() => reply({ kind: 'written', seq, files: publisher.stats.written }), failed);
};

let turn: Promise<void> = Promise.resolve();
parentPort!.on('message', (message: ToThread) => {
  turn = turn.then(() => render(message)).catch(failed);
});

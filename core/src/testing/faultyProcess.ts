// Child of processFaults.int.test.ts: the process handlers, then the fault argv[2] names, outside any promise of ours.
import postgres from 'postgres';
import { createConsoleLogger } from '../logger.ts';
import { handleProcessFaults } from '../processFaults.ts';

handleProcessFaults(createConsoleLogger('plain'));
const fault = process.argv[2];
setImmediate(() => {
  if (fault === 'client')
    // Thrown by postgres.js's own code (it validates its options), as its socket callbacks would.
    postgres('postgres://127.0.0.1:1/none', { target_session_attrs: 'none' } as never);
  else if (fault === 'outage')
    // A query nobody awaits, on a port nothing listens on: an unhandled ECONNREFUSED.
    void postgres('postgres://127.0.0.1:1/none', { max: 1 })`SELECT 1`.then(() => undefined);
  else throw new TypeError('a bug of our own');
});
setTimeout(() => {
  console.log('still running');
  process.exit(0);
}, 1500);

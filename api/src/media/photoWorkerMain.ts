// Entry of the photo worker process that photoWorker.ts starts: reads headers
// and encodes photos with libvips, one message per job, several at once (the
// web process's photo pool bounds how many).
import { encodePhoto, readHeader } from './photoCodec.ts';
import type { WorkerReply, WorkerRequest } from './photoWorker.ts';

const send = (reply: WorkerReply) => process.send?.(reply);

process.on('message', (message: WorkerRequest) => {
  const bytes = new Uint8Array(message.bytes);
  const job =
    message.op === 'header'
      ? readHeader(bytes).then((header) => ({ id: message.id, ok: true as const, header }))
      : encodePhoto(bytes).then((photo) => ({ id: message.id, ok: true as const, photo }));
  void job.then(send, () => send({ id: message.id, ok: false }));
});

// The web process went away (crashed or killed without stopping us): nothing more will come.
process.on('disconnect', () => process.exit(0));

import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';

const MEMORY_LOG = fileURLToPath(new URL('./memoryLog.ts', import.meta.url));

// A process of its own: a signal sent to the test runner would reach every test.
const SCRIPT = `
import { startMemoryLog } from ${JSON.stringify(MEMORY_LOG)};
const log = { info: (msg, fields) => console.log(JSON.stringify({ msg, ...fields })), warn() {}, error() {} };
const memory = startMemoryLog(log, { held: () => ({ cached: 42 }) });
console.log(JSON.stringify({ msg: 'started' }));
process.stdin.on('data', () => { memory.stop(); console.log(JSON.stringify({ msg: 'stopped' })); });
setInterval(() => {}, 1000);
`;

describe('the memory detail on SIGUSR2', () => {
  it('logs a census when signalled, and leaves the signal alone once stopped', async () => {
    const child = Bun.spawn({
      cmd: [process.execPath, '-e', SCRIPT],
      stdin: 'pipe',
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
    let buffered = '';
    const nextLine = async (): Promise<Record<string, unknown>> => {
      for (;;) {
        const end = buffered.indexOf('\n');
        if (end >= 0) {
          const line = buffered.slice(0, end);
          buffered = buffered.slice(end + 1);
          return JSON.parse(line) as Record<string, unknown>;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the process ended');
        buffered += value;
      }
    };
    try {
      expect((await nextLine()).msg).toBe('started');
      child.kill('SIGUSR2');
      const detail = await nextLine();
      expect(detail.msg).toBe('memory detail');
      expect(detail.mallocLiveMb).toBeGreaterThan(0);
      expect(Object.keys(detail.objectTypes as object)).toHaveLength(12);
      expect(detail.held).toEqual({ cached: 42 });
      void child.stdin.write('stop\n');
      void child.stdin.flush();
      expect((await nextLine()).msg).toBe('stopped');
      // No handler of ours any more: SIGUSR2's default action ends the process.
      child.kill('SIGUSR2');
      expect(await child.exited).not.toBe(0);
      expect(child.signalCode).toBe('SIGUSR2');
    } finally {
      child.kill();
    }
  });
});

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

/** A function run hot enough that JavaScriptCore compiles it, so that there is compile time to report. */
const HOT_LOOP = `
const add = (a, b) => a + b;
let sum = 0;
for (let i = 0; i < 2_000_000; i++) sum = add(sum, i % 7);
`;

/** A child running `script`, and its stdout's JSON lines one at a time. */
const spawnScript = (script: string, env: Record<string, string> = {}) => {
  const child = Bun.spawn({
    cmd: [process.execPath, '-e', script],
    env: { ...process.env, ...env },
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
  return { child, nextLine };
};

/** Waits for the child to start, signals it and gives the memory detail it logs. */
const detailOnSignal = async (
  child: { kill: (signal: NodeJS.Signals) => void },
  nextLine: () => Promise<Record<string, unknown>>,
) => {
  expect((await nextLine()).msg).toBe('started');
  child.kill('SIGUSR2');
  const detail = await nextLine();
  expect(detail.msg).toBe('memory detail');
  return detail;
};

describe('the memory detail on SIGUSR2', () => {
  it('logs a census when signalled, and leaves the signal alone once stopped', async () => {
    const { child, nextLine } = spawnScript(SCRIPT);
    try {
      const detail = await detailOnSignal(child, nextLine);
      expect(detail.mallocLiveMb).toBeGreaterThan(0);
      expect(Object.keys(detail.objectTypes as object)).toHaveLength(12);
      expect(detail.held).toEqual({ cached: 42 });
      expect(detail.jitCompileMs).toBeUndefined();
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

  it('adds the time spent compiling JavaScript when JavaScriptCore is asked to record it', async () => {
    const { child, nextLine } = spawnScript(HOT_LOOP + SCRIPT, {
      BUN_JSC_reportTotalCompileTimes: '1',
    });
    try {
      const detail = await detailOnSignal(child, nextLine);
      expect(detail.jitCompileMs).toBeGreaterThan(0);
    } finally {
      child.kill();
    }
  });
});

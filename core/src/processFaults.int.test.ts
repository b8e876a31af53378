import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** Runs the child with one fault; resolves with its exit code and output. */
const run = (fault: string) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const script = fileURLToPath(new URL('./testing/faultyProcess.ts', import.meta.url));
    const child = spawn(process.execPath, [script, fault], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });

/** The child with `fault` logs each of `lines`, keeps running and exits normally. */
const expectGoesOn = async (fault: string, lines: string[]) => {
  const { code, output } = await run(fault);
  for (const line of lines) expect(output).toContain(line);
  expect(output).toContain('still running');
  expect(code).toBe(0);
};

describe('a process with the fault handlers', () => {
  it('logs an error thrown inside the database client and goes on', async () => {
    await expectGoesOn('client', [
      'uncaught exception from the database client; continuing',
      'target_session_attrs none is not supported',
    ]);
  });

  it('logs a query nobody awaited that failed on an outage and goes on', async () => {
    await expectGoesOn('outage', [
      'unhandled rejection from the database client; continuing',
      'ECONNREFUSED',
    ]);
  });

  it('logs any other uncaught error and exits with 1, for its supervisor to restart it', async () => {
    const { code, output } = await run('ours');
    expect(output).toContain('uncaught exception; exiting');
    expect(output).toContain('a bug of our own');
    expect(output).not.toContain('still running');
    expect(code).toBe(1);
  });
});

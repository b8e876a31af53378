import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs';
import { join } from 'node:path';
import { labelled } from './labelledOutput.ts';

/**
 * Every process' full output goes to DATA_DIR/logs/<name>.log; the terminal
 * gets it too only with --verbose. The runner's own lines (ready, restarts,
 * errors) always go to the terminal and to dev.log.
 */
export const serviceLogs = (dataDir: string, verbose: boolean) => {
  const dir = join(dataDir, 'logs');
  mkdirSync(dir, { recursive: true });
  const streams = new Map<string, WriteStream>();
  let closed = false;
  const recent = new Map<string, string[]>();
  const file = (name: string) => join(dir, `${name}.log`);
  const stream = (name: string) => {
    let s = streams.get(name);
    if (!s) {
      s = createWriteStream(file(name), { flags: 'a', mode: 0o600 });
      streams.set(name, s);
    }
    return s;
  };
  const stamp = () => new Date().toISOString();
  return {
    dir,
    file,
    /** The sink for one process' lines. */
    of: (name: string) => {
      const terminal = verbose ? labelled(name) : undefined;
      return (line: string) => {
        if (!closed) stream(name).write(`${stamp()} ${line}\n`);
        const lines = recent.get(name) ?? [];
        lines.push(line);
        if (lines.length > 10) lines.shift();
        recent.set(name, lines);
        terminal?.(line);
      };
    },
    /** The last lines a process printed (shown when it fails to start). */
    recent: (name: string) => recent.get(name) ?? [],
    /** A line for the terminal (and dev.log) under a service's label. */
    say: (name: string) => {
      const terminal = labelled(name);
      return (line: string) => {
        if (!closed) stream('dev').write(`${stamp()} [${name}] ${line}\n`);
        terminal(line);
      };
    },
    close: () => {
      closed = true;
      return Promise.all(
        [...streams.values()].map((s) => new Promise<void>((resolve) => s.end(resolve))),
      );
    },
  };
};

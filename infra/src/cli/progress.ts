/** Seconds as "1m 05s" or "42s", for the time left. */
const duration = (seconds: number) => {
  const s = Math.ceil(seconds);
  return s >= 60 ? `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s` : `${s}s`;
};

/**
 * The one progress bar of the operations commands and benchmarks, on stderr:
 * with the rate and the time left at that rate; redrawn in place on a
 * terminal, a line every 10% otherwise (CI logs).
 */
export const progressBar = (label: string, total: number) => {
  const tty = process.stderr.isTTY;
  const started = performance.now();
  let lastDecile = -1;
  const draw = (done: number) => {
    const ratio = total > 0 ? Math.min(1, done / total) : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const rate = done / Math.max(0.001, (performance.now() - started) / 1000);
    const left = rate > 0 && done < total ? ` · ${duration((total - done) / rate)} left` : '';
    const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}% ${done.toLocaleString('en-IN')}/${total.toLocaleString('en-IN')} · ${Math.round(rate).toLocaleString('en-IN')}/s${left}`;
    if (tty) process.stderr.write(`\r${line}\x1b[K`);
    else if (Math.floor(ratio * 10) > lastDecile) {
      lastDecile = Math.floor(ratio * 10);
      process.stderr.write(`${line}\n`);
    }
  };
  return {
    update: draw,
    done: () => {
      draw(total);
      if (tty) process.stderr.write('\n');
    },
  };
};

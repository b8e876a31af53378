import { connect } from 'node:net';

const reachable = (host: string, port: number, timeoutMs = 2000) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });

/**
 * A server the runner did not start (DATABASE_URL, MEILI_URL) cannot be
 * restarted from here, but the terminal should still say when it stops
 * answering and when it is back: one line at each change.
 */
export const watchExternal = (
  name: string,
  url: string,
  say: (line: string) => void,
  everyMs = 5000,
) => {
  const { hostname, port, protocol } = new URL(url);
  const defaultPort = protocol.startsWith('postgres') ? 5432 : protocol === 'https:' ? 443 : 80;
  const target = { host: hostname, port: Number(port) || defaultPort };
  let up = true;
  const timer = setInterval(() => {
    void reachable(target.host, target.port).then((ok) => {
      if (ok === up) return;
      up = ok;
      say(
        ok
          ? `${name} at ${target.host}:${target.port} answers again`
          : `${name} at ${target.host}:${target.port} is not answering (not started by npm run dev; start it again)`,
      );
    });
  }, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    return Promise.resolve();
  };
};

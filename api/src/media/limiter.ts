/**
 * Runs at most `slots` tasks at once, first come first served. The photo
 * pipeline shares one across all requests: decoding a 12-megapixel photo
 * takes about 70 MB, so ten users uploading at once must not decode thirty.
 */
export const createLimiter = (slots: number) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running -= 1;
    waiting.shift()?.();
  };
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running >= slots) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
};

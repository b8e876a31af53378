/** A clock that follows real time until a test moves it forward (token expiry, rate-limit windows). */
export type TestClock = (() => Date) & { advance: (ms: number) => void };

export const testClock = (): TestClock => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  return Object.assign(clock, {
    advance: (ms: number) => {
      offsetMs += ms;
    },
  });
};

import { describe, expect, it } from 'vitest';
import { createTokens, durationSeconds, TOKEN_TTL_SECONDS } from './tokens.ts';

const movableClock = (start = new Date('2026-01-01T00:00:00Z')) => {
  let now = start.getTime();
  return { clock: () => new Date(now), advance: (ms: number) => (now += ms) };
};

describe('durationSeconds', () => {
  it.each([
    ['45s', 45],
    ['30m', 1800],
    ['12h', 43_200],
    ['7d', 604_800],
  ])('%s is %i seconds', (duration, seconds) => {
    expect(durationSeconds(duration)).toBe(seconds);
  });

  it.each(['', '7', 'd', '1w', '-1d', '1.5h'])('refuses "%s"', (duration) => {
    expect(() => durationSeconds(duration)).toThrow(/Not a duration/);
  });
});

describe('tokens', () => {
  const secret = 'a-test-secret-that-is-long-enough-123';

  it('carries the user, a unique id per token and the token generation', async () => {
    const { clock } = movableClock();
    const tokens = createTokens({ jwtSecret: secret, clock });
    const a = await tokens.issue({ id: 'u-1', tokenGeneration: 3 });
    const b = await tokens.issue({ id: 'u-1', tokenGeneration: 3 });
    expect(a.jti).not.toBe(b.jti);
    expect(await tokens.verify(a.token)).toMatchObject({ sub: 'u-1', jti: a.jti, gen: 3 });
    expect(a.expiresAt.getTime()).toBe(clock().getTime() + TOKEN_TTL_SECONDS * 1000);
  });

  it('expires after the configured lifetime, by the injected clock', async () => {
    const time = movableClock();
    const tokens = createTokens({ jwtSecret: secret, clock: time.clock, tokenTtlSeconds: 60 });
    const { token } = await tokens.issue({ id: 'u-1', tokenGeneration: 0 });
    time.advance(59_000);
    expect(await tokens.verify(token)).not.toBeNull();
    time.advance(2_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('checks every other text afresh once a token was accepted: one changed character is refused', async () => {
    const { clock } = movableClock();
    const tokens = createTokens({ jwtSecret: secret, clock });
    const { token } = await tokens.issue({ id: 'u-1', tokenGeneration: 0 });
    expect(await tokens.verify(token)).not.toBeNull();
    const payloadAt = token.indexOf('.') + 5;
    const changed = `${token.slice(0, payloadAt)}${token[payloadAt] === 'A' ? 'B' : 'A'}${token.slice(payloadAt + 1)}`;
    expect(await tokens.verify(changed)).toBeNull();
    expect(await tokens.verify(token)).not.toBeNull();
  });

  it('refuses tokens signed with another secret', async () => {
    const { clock } = movableClock();
    const ours = createTokens({ jwtSecret: secret, clock });
    const theirs = createTokens({ jwtSecret: `${secret}-other`, clock });
    const { token } = await theirs.issue({ id: 'u-1', tokenGeneration: 0 });
    expect(await ours.verify(token)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { pushEndpointProblem } from './endpoint.ts';

describe('a push endpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/abc123',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
    'https://web.push.apple.com/QHo',
    'https://8.8.8.8/x',
  ])('is accepted on a public https host: %s', (endpoint) => {
    expect(pushEndpointProblem(endpoint, [])).toBeNull();
  });

  it.each([
    ['http://fcm.googleapis.com/fcm/send/abc', 'not https'],
    ['https://localhost/push', 'a private or loopback address'],
    ['https://127.0.0.1/push', 'a private or loopback address'],
    ['https://10.1.2.3/push', 'a private or loopback address'],
    ['https://172.16.0.1/push', 'a private or loopback address'],
    ['https://192.168.1.1/push', 'a private or loopback address'],
    ['https://169.254.169.254/latest/meta-data', 'a private or loopback address'],
    ['https://[::1]/push', 'a private or loopback address'],
    ['https://[::ffff:127.0.0.1]/push', 'a private or loopback address'],
    ['https://[fd00::1]/push', 'a private or loopback address'],
    ['https://metadata/computeMetadata', 'a private or loopback address'],
    ['https://db.internal/x', 'a private or loopback address'],
    ['https://user:pw@fcm.googleapis.com/x', 'credentials in the URL'],
    ['not a url', 'not a URL'],
  ])('is refused: %s (%s)', (endpoint, problem) => {
    expect(pushEndpointProblem(endpoint, [])).toBe(problem);
  });

  it('is accepted on an allowed origin even over http on loopback (a local push service)', () => {
    expect(
      pushEndpointProblem('http://127.0.0.1:4999/push/1', ['http://127.0.0.1:4999']),
    ).toBeNull();
    expect(pushEndpointProblem('http://127.0.0.1:5000/push/1', ['http://127.0.0.1:4999'])).toBe(
      'not https',
    );
  });
});

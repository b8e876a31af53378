import { isIP } from 'node:net';

/**
 * Where the push sender may POST: a browser's push service (FCM, Mozilla's,
 * Apple's), always https on a public host. A subscription naming a private,
 * loopback or link-local address would make the projections process send
 * requests inside our network (SSRF), so the API refuses it. The allow-list
 * (PUSH_ENDPOINT_ALLOWLIST, given by the entry file) admits origins anyway:
 * a local push service in development and tests. Host names are checked by
 * name only (a public name resolving to a private address is not caught here).
 */
export const pushEndpointProblem = (
  endpoint: string,
  allowlist: readonly string[],
): string | null => {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (allowlist.includes(url.origin)) return null;
  if (url.protocol !== 'https:') return 'not https';
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (privateHost(host)) return 'a private or loopback address';
  return null;
};

const PRIVATE_NAMES = /(^|\.)(localhost|local|internal|intranet|home\.arpa|lan)$/;

const privateHost = (host: string): boolean => {
  const kind = isIP(host);
  if (kind === 4) return privateV4(host);
  if (kind === 6) return privateV6(host);
  // A bare name (no dot) resolves inside the local network, if anywhere.
  return !host.includes('.') || PRIVATE_NAMES.test(host);
};

const privateV4 = (host: string): boolean => {
  const [a, b] = host.split('.').map(Number) as [number, number];
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local (cloud metadata)
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 198 && (b === 18 || b === 19)) ||
    a >= 224 // multicast and reserved
  );
};

const privateV6 = (host: string): boolean => {
  if (host === '::' || host === '::1') return true;
  // IPv4 mapped into IPv6, dotted or as hex words.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return privateV4(mapped[1]!);
  if (host.startsWith('::ffff:')) return true;
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/.test(host);
};

/**
 * The client's address, for the per-address login limits.
 *
 * Without a reverse proxy it is the socket's address. Behind N trusted proxies
 * that each append the address they saw to X-Forwarded-For, it is the Nth
 * entry from the right: entries further left are whatever the client sent and
 * can be forged, so they are never used. With too few entries (a request that
 * bypassed a proxy) the socket's address is used.
 */
export const clientIpFrom =
  (options: { socketAddress: (request: Request) => string | null; trustedProxyHops?: number }) =>
  (request: Request): string | null => {
    const hops = options.trustedProxyHops ?? 0;
    if (hops > 0) {
      const chain = (request.headers.get('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      const client = chain[chain.length - hops];
      if (client !== undefined) return client;
    }
    return options.socketAddress(request);
  };

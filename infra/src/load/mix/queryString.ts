/** `a=1&b=x%20y` from pairs (repeated keys allowed); URLSearchParams does not exist in k6. */
export const queryString = (pairs: readonly (readonly [string, string])[]) =>
  pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&');

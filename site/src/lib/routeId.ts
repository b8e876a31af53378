/**
 * Id routes are shell pages: the server serves the same HTML for every
 * /properties/{id}; the island reads the id from the address.
 */
export const idFromPath = (pathname: string, prefix: string): string | null => {
  const match = new RegExp(`^/${prefix}/([^/]+)/?$`).exec(pathname);
  const id = match?.[1] ? decodeURIComponent(match[1]) : null;
  return id && /^[A-Za-z0-9_-]{1,64}$/.test(id) ? id : null;
};

/**
 * Where a `?redirect=` may send the user after login: a path on this site,
 * never anywhere else. Browsers are generous with what they take for a URL
 * (`/\tevil.example`, `/\evil.example` and `/.//evil.example` all leave the
 * site), so the value is judged in every spelling it may take and then
 * resolved exactly as the browser would resolve it:
 *
 * - as given and percent-decoded (up to three times, for values encoded over
 *   and over), it must start with one slash and hold no control characters
 *   and no backslashes;
 * - resolved against this origin it must stay on this origin;
 * - the path it resolves to must not start with two slashes (which `/.//x`
 *   becomes, and which would leave the site if navigated to as a path).
 *
 * Returns the normalised path (with query and hash), or null.
 */
export const safeRedirect = (value: string | null, origin: string): string | null => {
  if (!value) return null;
  const spellings = [value];
  for (let i = 0; i < 3; i++) {
    const last = spellings[spellings.length - 1]!;
    let decoded: string;
    try {
      decoded = decodeURIComponent(last);
    } catch {
      break; // a literal '%': nothing more to decode
    }
    if (decoded === last) break;
    spellings.push(decoded);
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  const unsafe = /[\u0000-\u001f\u007f\\]/;
  if (spellings.some((s) => unsafe.test(s) || !s.startsWith('/') || s.startsWith('//')))
    return null;
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
};

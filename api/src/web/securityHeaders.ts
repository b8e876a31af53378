import { createHash } from 'node:crypto';

/** Headers every response of the site carries. */
export const BASE_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'geolocation=(self), camera=(), microphone=(), payment=()',
};

/**
 * Headers of every API answer (JSON, errors, the 413 of the body limit): on top of the
 * base set, a policy that lets nothing load or run should an answer ever be opened as a
 * document. Routes that set their own (the docs page) keep theirs.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  ...BASE_SECURITY_HEADERS,
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

/** Adds the API's security headers that a response does not already carry. */
export const withApiSecurityHeaders = (response: Response): Response => {
  for (const [name, value] of Object.entries(API_SECURITY_HEADERS))
    if (!response.headers.has(name)) response.headers.set(name, value);
  return response;
};

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** SHA-256 sources for the inline scripts Astro writes into a page (island loader, small modules). */
export const inlineScriptHashes = (html: string): string[] => {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\bsrc\s*=/.test(attributes) || body === '') continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return [...hashes].sort();
};

/**
 * A strict policy for HTML: scripts only from our origin or the exact inline
 * scripts of this page (by hash); no plugins, no framing, no foreign
 * connections. MapLibre needs blob: workers. Inline style attributes are
 * allowed (React sets them for image placeholders); they cannot run code.
 */
export const contentSecurityPolicy = (html: string): string =>
  [
    "default-src 'self'",
    `script-src 'self' ${inlineScriptHashes(html).join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

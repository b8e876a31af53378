import { MEDIA_URL_PREFIX, type MediaStore } from './mediaStore.ts';

const TYPES: Record<string, string> = { webp: 'image/webp', jpg: 'image/jpeg', png: 'image/png' };

/** The stored key a path names; undefined when the path is not valid percent-encoding (a 404 like any unknown key). */
const decodedKey = (encoded: string): string | undefined => {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return undefined;
  }
};

/**
 * Answers `GET /media/<key>` from the store. Names are content hashes, so the
 * response is immutable and cached for a year (by browsers and any CDN).
 */
export const serveMedia =
  (store: MediaStore) =>
  async (request: Request): Promise<Response> => {
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return new Response('Method not allowed', { status: 405, headers: { allow: 'GET, HEAD' } });
    const { pathname } = new URL(request.url);
    const key = decodedKey(pathname.slice(MEDIA_URL_PREFIX.length));
    const found = key === undefined ? undefined : await store.get(key);
    if (!found || key === undefined)
      return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
    const ext = key.slice(key.lastIndexOf('.') + 1);
    const headers = {
      'content-type': TYPES[ext] ?? 'application/octet-stream',
      'content-length': String(found.size),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    };
    return new Response(request.method === 'HEAD' ? null : found.body, { headers });
  };

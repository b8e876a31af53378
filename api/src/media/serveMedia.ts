import { contentTypeOf, IMMUTABLE } from '@rentals/core/contentTypes';
import { fileResponse, readOnly } from '../web/files.ts';
import { INCOMING_PREFIX, MEDIA_URL_PREFIX, type MediaStore } from './mediaStore.ts';

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
    const refused = readOnly(request);
    if (refused) return refused;
    const { pathname } = new URL(request.url);
    const key = decodedKey(pathname.slice(MEDIA_URL_PREFIX.length));
    // Photos as uploaded (EXIF, GPS included) wait under incoming/ to be processed: never served.
    const found =
      key === undefined || key.startsWith(`${INCOMING_PREFIX}/`) ? undefined : await store.get(key);
    if (!found || key === undefined)
      return new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } });
    return fileResponse(request, {
      body: found.body,
      size: found.size,
      contentType: contentTypeOf(key),
      cacheControl: IMMUTABLE,
      headers: { 'x-content-type-options': 'nosniff' },
    });
  };

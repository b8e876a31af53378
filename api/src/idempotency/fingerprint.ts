import { createHash, randomUUID } from 'node:crypto';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/**
 * A parsed body as text. One nested past what JSON.stringify can walk (a hostile body the route
 * may still accept) matches nothing: a retry of it is refused as another request, never answered
 * with an outcome that might be another body's.
 */
const parsedText = (parsed: unknown) => {
  try {
    return JSON.stringify(parsed ?? null);
  } catch {
    return `unmatched:${randomUUID()}`;
  }
};

/** A multipart body by its fields and files' contents, without its boundary; null when it does not parse. */
const formParts = async (bytes: Uint8Array, contentType: string): Promise<string[] | null> => {
  const form = await new Request('http://body/', {
    method: 'POST',
    body: bytes,
    headers: { 'content-type': contentType },
  })
    .formData()
    .catch(() => null);
  if (form === null) return null;
  const parts: string[] = [];
  for (const [name, value] of form.entries()) {
    const entry = value as unknown as string | File;
    parts.push(
      typeof entry === 'string'
        ? `${name}=${sha256(entry)}`
        : `${name}=file:${entry.name}:${entry.type}:${sha256(new Uint8Array(await entry.arrayBuffer()))}`,
    );
  }
  return parts;
};

/**
 * What makes two requests the same request: method, path with query, and
 * body. A multipart body is read by its fields and its files' contents, since
 * a browser sends the same form with a new boundary on every retry; a body
 * Elysia has already parsed is taken as parsed.
 */
export const fingerprintOf = async (request: Request, parsed: unknown): Promise<string> => {
  const { pathname, search } = new URL(request.url);
  const parts = [request.method, `${pathname}${search}`];
  if (request.bodyUsed) parts.push(parsedText(parsed));
  else if (request.body !== null) {
    const bytes = new Uint8Array(await request.clone().arrayBuffer());
    const contentType = request.headers.get('content-type') ?? '';
    const form = contentType.startsWith('multipart/form-data')
      ? await formParts(bytes, contentType)
      : null;
    parts.push(...(form ?? [sha256(bytes)]));
  }
  return sha256(parts.join('\n'));
};

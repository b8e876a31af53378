/** UTF-8 bytes of a string (TextEncoder does not exist in k6). */
const utf8 = (s: string): number[] => {
  const out: number[] = [];
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else
      out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
};

export type FilePart = { field: string; name: string; type: string; bytes: Uint8Array };

/**
 * A multipart/form-data body built byte for byte (so k6 and autocannon send
 * the same bytes): text fields in order, then the files. Returns the body and
 * the content-type header with its boundary.
 */
export const multipart = (
  fields: readonly (readonly [string, string])[],
  files: readonly FilePart[],
  boundary = 'rentals-load-boundary-7f3a9c',
) => {
  const chunks: (number[] | Uint8Array)[] = [];
  for (const [name, value] of fields)
    chunks.push(
      utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    chunks.push(
      utf8(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      utf8('\r\n'),
    );
  }
  chunks.push(utf8(`--${boundary}--\r\n`));
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.length;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
};

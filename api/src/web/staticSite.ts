import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';

const PLACEHOLDER = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rentals</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body><main><h1>Rentals</h1><p>The API is running under <a href="/api/docs">/api/docs</a>.
The site has not been built yet.</p></main></body></html>`;

/**
 * Serves the built Astro site. HTML is revalidated on every visit; files under
 * /_astro/ carry a content hash in their names and are cached for a year.
 * Paths with an id map to their shell page (e.g. /properties/abc → /properties/_id/).
 */
export const staticSite = (siteDir: string, shells: { pattern: RegExp; page: string }[] = []) => {
  const resolve = (pathname: string): string | undefined => {
    const safe = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
    const candidates = [
      join(siteDir, safe),
      join(siteDir, safe, 'index.html'),
      join(siteDir, `${safe}.html`),
    ];
    for (const shell of shells)
      if (shell.pattern.test(pathname)) candidates.push(join(siteDir, shell.page));
    return candidates.find(
      (file) => file.startsWith(siteDir) && existsSync(file) && statSync(file).isFile(),
    );
  };
  return (request: Request): Response => {
    const { pathname } = new URL(request.url);
    if (!existsSync(siteDir))
      return new Response(PLACEHOLDER, { headers: { 'content-type': 'text/html; charset=utf-8' } });
    const file = resolve(pathname);
    if (!file) {
      const notFound = join(siteDir, '404.html');
      return new Response(existsSync(notFound) ? Bun.file(notFound) : 'Not found', {
        status: 404,
        headers: { 'content-type': 'text/html; charset=utf-8' },
      });
    }
    const immutable = pathname.startsWith('/_astro/');
    return new Response(Bun.file(file), {
      headers: { 'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache' },
    });
  };
};

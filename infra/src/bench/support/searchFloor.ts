// The floor of a search through any web process on this stack, for bench:search: a bare Bun server
// that, for each search, asks Meilisearch the very query the API asks (one keep-alive fetch) and
// answers with the API's own answer to it, made beforehand. What it spends is what serving a search
// costs before any of our code runs: the HTTP in, the call to Meilisearch, the same bytes out.
// Started by searchFloorProcess.ts with the entries in a JSON file: [path, Meilisearch body, answer].
import { readFileSync } from 'node:fs';

const [file, port, meiliUrl, meiliKey, index] = process.argv.slice(2);
if (!file || !port || !meiliUrl || !meiliKey || !index)
  throw new Error('usage: searchFloor.ts <entries.json> <port> <meili url> <meili key> <index>');
const entries = JSON.parse(readFileSync(file, 'utf8')) as [string, string, string][];
const byPath = new Map(entries.map(([path, body, answer]) => [path, { body, answer }]));
const searchUrl = `${meiliUrl}/indexes/${index}/search`;
const headers = { authorization: `Bearer ${meiliKey}`, 'content-type': 'application/json' };

const server = Bun.serve({
  port: Number(port),
  hostname: '127.0.0.1',
  fetch: async (request) => {
    const url = request.url;
    const entry = byPath.get(url.slice(url.indexOf('/', url.indexOf('//') + 2)));
    if (!entry) return new Response('unknown search', { status: 404 });
    const found = await fetch(searchUrl, { method: 'POST', headers, body: entry.body });
    JSON.parse(await found.text());
    return new Response(entry.answer, { headers: { 'content-type': 'application/json' } });
  },
});
console.log(`search floor listening on ${server.port}`);
process.once('SIGTERM', () => {
  void server.stop(true);
  process.exit(0);
});

/**
 * The listing page's inline head script (pages/[...lang]/properties/view.astro; lib/inlineScript.ts:
 * it uses nothing from outside itself): with a stored token, GET /api/properties/{id} is sent before
 * any module has loaded, beside the sign-in check rather than after it; `api` takes the answer by
 * its URL (lib/api.ts) when the island asks (useDetailLoad.ts). The id is read as lib/routeId.ts
 * reads it; a URL the island does not ask for is simply never used.
 */
export function sendListingEarly(send: (url: string) => void): void {
  const match = /\/properties\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  if (match?.[1]) send(`/api/properties/${match[1]}`);
}

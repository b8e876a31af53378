import { createHash } from 'node:crypto';
import { BASE_SECURITY_HEADERS } from './securityHeaders.ts';

/**
 * The pages the API itself answers with, for the one-click links in emails
 * (unsubscribe, 'still available'): opened from an inbox, often on a phone,
 * by someone not signed in. They wear the site's look (its colours from
 * core/src/ui/global.css, written out: the API does not serve the built
 * stylesheet) through one inline style that the page's own CSP allows by its
 * hash; nothing else may load or run.
 */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;background:#f9fafb;color:#111827;line-height:1.5;
font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',sans-serif}
header{background:#fff;box-shadow:0 1px 3px rgb(0 0 0/.12)}
.bar{max-width:1200px;margin:0 auto;padding:.9rem 1rem}
.logo{color:#1d4ed8;font-weight:700;font-size:1.25rem;text-decoration:none}
main{max-width:36rem;margin:2.5rem auto;padding:0 1rem}
.card{background:#fff;border-radius:.6rem;box-shadow:0 1px 3px rgb(0 0 0/.12),0 1px 2px rgb(0 0 0/.08);padding:1.5rem}
h1{font-size:1.5rem;line-height:1.2;margin:0 0 .75rem}
p{margin:0 0 1rem}
a{color:#1d4ed8}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.25rem 0 0}
.button{display:inline-flex;align-items:center;justify-content:center;padding:.6rem 1.1rem;border-radius:.6rem;
border:1px solid #d1d5db;background:#fff;color:#111827;font-weight:600;text-decoration:none}
.button-primary{background:#1d4ed8;border-color:#1d4ed8;color:#fff}
.button-primary:hover{background:#1e3a8a}
@media (max-width:480px){main{margin-top:1.5rem}.button{flex:1 1 100%}}
`;

const STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The page's policy: its one style (by hash), nothing else; no framing, no forms, no base. */
const ACTION_PAGE_CSP = [
  "default-src 'none'",
  `style-src ${STYLE_SOURCE}`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const escape = (pattern: RegExp) => (text: string) =>
  text.replace(pattern, (c) => `&#${c.charCodeAt(0)};`);
/** Text between tags: quotes stay as they are (the messages quote button names). */
const escapeText = escape(/[&<>]/g);
const escapeAttribute = escape(/[&<>"']/g);

export type ActionPage = {
  status?: number;
  heading: string;
  /** Plain text (escaped here). */
  text: string;
  /** The first is the main action. Paths on this site. */
  links: { href: string; label: string }[];
  /** data-testid of the paragraph, for tests. */
  testId?: string;
};

/** An HTML answer in the site's look, with its own CSP and the site's other security headers. */
export const actionPage = ({ status = 200, heading, text, links, testId }: ActionPage) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8">` +
      `<meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>${escapeText(heading)} · Rentals</title><style>${STYLE}</style></head>` +
      `<body><header><div class="bar"><a class="logo" href="/">⌂ Rentals</a></div></header>` +
      `<main><div class="card"><h1>${escapeText(heading)}</h1>` +
      `<p${testId ? ` data-testid="${escapeAttribute(testId)}"` : ''}>${escapeText(text)}</p>` +
      `<div class="actions">${links
        .map(
          (l, i) =>
            `<a class="button${i === 0 ? ' button-primary' : ''}" href="${escapeAttribute(l.href)}">${escapeText(l.label)}</a>`,
        )
        .join('')}</div></div></main></body></html>`,
    {
      status,
      headers: {
        ...BASE_SECURITY_HEADERS,
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': ACTION_PAGE_CSP,
      },
    },
  );

import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@rentals/api/idempotency/model';
import { LISTING_FORM, listingForm } from '@rentals/testing/listingForm';
import { CLIENT_TIMEOUT_MS, type LoadContext } from '../load.ts';

/** How long a client waits before its retry: the answer's Retry-After (at most 5 s), else 1 s. */
const retryDelayMs = (retryAfter: string | null) => {
  const seconds = Number(retryAfter);
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 5) * 1000 : 1000;
};

type Attempt = { ok: boolean; what: string; retryAfter: string | null };

/**
 * A 202 is not an answer: the write's outcome was not known when the request
 * ran out of time (requestDeadline.ts), and the same Idempotency-Key sent
 * again learns it. So only the other 2xx acknowledge, and a 409 "carried out,
 * its answer lost": the edit took effect (its commit reached the standby
 * before the primary was cut), and the person is told so.
 * A 409 "still being carried out" is not an outcome.
 */
const attempt = async (url: string, init: RequestInit): Promise<Attempt> => {
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS) });
    const body = await res.text();
    const retryAfter = res.headers.get('retry-after');
    if (res.status === 409 && body.includes(MESSAGES.answerLost))
      return { ok: true, what: '409 (carried out, answer lost)', retryAfter };
    if (res.status === 409 && body.includes(MESSAGES.inProgress))
      return { ok: false, what: '409 (still being carried out)', retryAfter };
    const ok = res.ok && res.status !== 202;
    return { ok, what: String(res.status), retryAfter };
  } catch (error) {
    const e = error as { name?: string; code?: string };
    const what = e.name === 'TimeoutError' ? 'no answer in 10 s' : (e.code ?? e.name ?? 'error');
    return { ok: false, what, retryAfter: null };
  }
};

/** One request a client had to send again, and how the retry went. */
export type Retried = { client: string; at: number; first: string; retry: string; ok: boolean };

export type ClientsReport = {
  requests: number;
  retried: Retried[];
  /** The writer's acknowledged rents, in order (the last one is what the listing must say). */
  rents: { id: string; rent: number }[];
};

/**
 * Clients as a person's browser behaves: one request at a time through the
 * proxy, and a failed request sent once more after its Retry-After. A reader
 * (listing details) and a writer (rent edits of its own listing, the same
 * edit when retried). What counts for the bar is how many requests each
 * client had to retry during one cut (a 202, the outcome not yet known,
 * counts as one), and whether the retry went through.
 */
export const startClients = (ctx: LoadContext, listingId: string, label: string) => {
  const report: ClientsReport = { requests: 0, retried: [], rents: [] };
  let running = true;
  const owner = ctx.owners[0]!;
  const loop = async (
    client: string,
    next: () => { url: string; init: RequestInit; onOk?: () => void },
  ) => {
    while (running) {
      const request = next();
      const first = await attempt(request.url, request.init);
      report.requests++;
      if (first.ok) request.onOk?.();
      else {
        const at = Date.now();
        await new Promise((r) => setTimeout(r, retryDelayMs(first.retryAfter)));
        const retry = await attempt(request.url, request.init);
        report.requests++;
        if (retry.ok) request.onOk?.();
        report.retried.push({ client, at, first: first.what, retry: retry.what, ok: retry.ok });
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const reader = loop(`${label} reader`, () => ({
    url: `${ctx.url}/api/properties/${ctx.listed[report.requests % ctx.listed.length]}`,
    init: {},
  }));
  const writer = loop(`${label} writer`, () => {
    const rent = 20_000 + ctx.nextNumber();
    return {
      url: `${ctx.url}/api/properties/${listingId}`,
      init: {
        method: 'PUT',
        // One key per edit, the same on its retry, as the site's api() sends.
        headers: {
          authorization: `Bearer ${owner.token}`,
          'content-type': 'application/json',
          'idempotency-key': randomUUID(),
        },
        body: JSON.stringify({ rent }),
      },
      onOk: () => report.rents.push({ id: listingId, rent }),
    };
  });
  return {
    report,
    stop: async () => {
      running = false;
      await Promise.all([reader, writer]);
      return report;
    },
  };
};

/** The writer client's listing, created through the API before the first cut. */
export const createWriterListing = async (ctx: LoadContext) => {
  const res = await fetch(`${ctx.url}/api/properties`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ctx.owners[0]!.token}` },
    body: listingForm({ ...LISTING_FORM, title: 'Hosts drill writer flat' }, [ctx.photo]),
  });
  if (res.status !== 201) throw new Error(`could not create the writer's listing: ${res.status}`);
  const { property } = (await res.json()) as { property: { _id: string } };
  return property._id;
};

import { DATABASE_RETRY_AFTER_SECONDS } from '../shared/errorHandler.ts';

/**
 * How long an API request may take before its caller is told to retry: under
 * the proxy's 9 s server timeout and the site's 10 s client timeout, so a
 * client always gets an answer it can act on rather than a cut connection.
 */
export const REQUEST_DEADLINE_MS = 8_000;

export const DEADLINE_MESSAGE =
  'The service is taking too long to answer; please try again in a few seconds';

/** Live streams stay open by design. */
const exempt = (pathname: string) => pathname.endsWith('/stream');

/** How often a request still receiving its body is looked at again once past the deadline. */
const RECHECK_MS = 1000;

/**
 * Answers 503 with Retry-After when `work` has not answered by the deadline.
 * Why: after a database connection is cut, a query can wait on the dead
 * socket far longer than any statement timeout (the server never sees it); a
 * late answer is no answer for the client. The work itself goes on, and its
 * outcome is logged by `onLate` (a write may still land after the 503, as it
 * may after any cut connection).
 */
export const withDeadline = async (
  pathname: string,
  work: Promise<Response>,
  options: {
    receiving: () => boolean;
    /** Told once when the client is answered 503 while the work goes on, then with its outcome. */
    onLate: (outcome: string) => void;
    ms?: number;
  },
): Promise<Response> => {
  const { onLate, ms = REQUEST_DEADLINE_MS } = options;
  if (exempt(pathname)) return work;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // A body still arriving (a phone sending ten photos on a slow network) is the client's time,
  // not ours: the deadline waits while bytes keep coming, and applies as soon as they stop.
  const late = new Promise<'late'>((resolve) => {
    const check = () => {
      if (options.receiving()) timer = setTimeout(check, RECHECK_MS);
      else resolve('late');
    };
    timer = setTimeout(check, ms);
  });
  const first = await Promise.race([work, late]);
  clearTimeout(timer);
  if (first !== 'late') return first;
  onLate('answered 503, still running');
  work.then(
    (response) => onLate(`answered ${response.status} after the deadline`),
    (error: unknown) => onLate(`failed after the deadline: ${String(error)}`),
  );
  return Response.json(
    { message: DEADLINE_MESSAGE },
    {
      status: 503,
      headers: {
        'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
        'cache-control': 'no-store',
      },
    },
  );
};

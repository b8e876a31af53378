/**
 * Runs `work` once the page has loaded and the main thread is idle (within `timeoutMs` of the
 * load event at most). For what a page's first view does not show: the live inbox, the bell,
 * this phone's offline note of who is signed in. On a budget phone they otherwise take the one
 * CPU and the slow network from the page's own content (npm run bench:lighthouse).
 */
export const afterPage = (work: () => void, timeoutMs = 1500): void => {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => work(), { timeout: timeoutMs });
    else setTimeout(work, 100);
  };
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
};

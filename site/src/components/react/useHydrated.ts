import { useEffect, useState } from 'react';

/**
 * False in the pre-rendered HTML and the first client render, true once the
 * island runs. Submit buttons stay disabled until then, so a quick click
 * cannot send the form as a plain browser GET before React handles it.
 */
export const useHydrated = (): boolean => {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
};

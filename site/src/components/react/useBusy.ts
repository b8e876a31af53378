import { useState } from 'react';

/**
 * An async action behind a busy flag, so its button cannot send it twice.
 * `run` hands a failure to `failed`. Busy ends with the action; with
 * `leaving`, only with a failure: a success that navigates away keeps the
 * button disabled until the next page.
 */
export const useBusy = () => {
  const [busy, setBusy] = useState(false);
  const run = async (
    action: () => Promise<unknown>,
    failed: (error: unknown) => void,
    { leaving = false } = {},
  ) => {
    setBusy(true);
    try {
      await action();
      if (!leaving) setBusy(false);
    } catch (error) {
      setBusy(false);
      failed(error);
    }
  };
  return { busy, run };
};

import { useLayoutEffect, useRef } from 'react';

/**
 * What was typed or chosen in a pre-rendered form before React hydrated it:
 * hydration keeps the text on screen but not in the island's state, so a
 * quick user's search or sign-in would go out empty. Read once, on hydration,
 * from the fields named `names` whose value differs from what was rendered
 * (`shown`); `pickUp` gets them. Attach the returned ref to the <form>.
 */
export const useTypedBeforeHydration = <T extends string>(
  names: readonly T[],
  shown: Partial<Record<T, string>>,
  pickUp: (typed: Partial<Record<T, string>>) => void,
) => {
  const form = useRef<HTMLFormElement>(null);
  useLayoutEffect(() => {
    if (!form.current) return;
    const typed: Partial<Record<T, string>> = {};
    for (const element of Array.from(form.current.elements)) {
      if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement)) continue;
      const name = element.name as T;
      if (names.includes(name) && element.value !== (shown[name] ?? ''))
        typed[name] = element.value;
    }
    if (Object.keys(typed).length > 0) pickUp(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on hydration: later changes come through onChange.
  }, []);
  return form;
};

import { useEffect, useRef, type RefObject } from 'react';

/**
 * While a dialog is mounted: focus starts on `initial`, every key press goes
 * to `onKey` (Escape, arrows), and focus returns to what opened it when it
 * closes. `onKey` may change between renders without moving the focus again.
 */
export const useModal = (
  initial: RefObject<HTMLElement | null>,
  onKey: (event: KeyboardEvent) => void,
): void => {
  const handler = useRef(onKey);
  useEffect(() => {
    handler.current = onKey;
  });
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    initial.current?.focus();
    const listener = (event: KeyboardEvent) => handler.current(event);
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('keydown', listener);
      opener?.focus();
    };
  }, [initial]);
};

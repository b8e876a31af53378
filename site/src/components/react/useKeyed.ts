import { useRef } from 'react';

/**
 * `value` as it was when `key` last changed: a new object with the same key
 * (filters rebuilt on every render) keeps the old identity, so effects that
 * depend on it run when the key changes, not on every render.
 */
export const useKeyed = <T>(value: T, key: string): T => {
  const held = useRef({ key, value });
  if (held.current.key !== key) held.current = { key, value };
  return held.current.value;
};

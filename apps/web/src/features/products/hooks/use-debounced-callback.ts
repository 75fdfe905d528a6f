import { useEffect, useMemo, useRef } from 'react';

/** A debounced function and a way to drop the call it is holding. */
export interface DebouncedCallback<A extends unknown[]> {
  (...args: A): void;
  cancel: () => void;
}

/**
 * `callback`, called only once `delayMs` have passed without another call (typing
 * into a search box asks the server once, not per keystroke). The latest
 * `callback` is used; a pending call is dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(
  callback: (...args: A) => void,
  delayMs: number,
): DebouncedCallback<A> {
  const latest = useRef(callback);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return useMemo(() => {
    const debounced = (...args: A) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => latest.current(...args), delayMs);
    };
    debounced.cancel = () => clearTimeout(timer.current);
    return debounced;
  }, [delayMs]);
}

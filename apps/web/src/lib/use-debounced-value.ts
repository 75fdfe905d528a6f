import { useEffect, useState } from 'react';

/**
 * `value`, once it has stopped changing for `delayMs`: a search box asks the server
 * when typing pauses, not per keystroke. An empty string is passed on at once, so
 * clearing the box shows everything again without waiting.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (value === '' || delayMs <= 0) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

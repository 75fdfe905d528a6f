import { useSyncExternalStore } from 'react';

/** Phones: narrower than Tailwind's `md` breakpoint (768 px), where lists become cards. */
export const NARROW_SCREEN = '(max-width: 767px)';

const noMatchMedia = () => typeof window === 'undefined' || typeof window.matchMedia !== 'function';

/**
 * Whether the CSS media query `query` matches now, updated as it starts or stops
 * matching (a rotated phone, a resized window). False where the browser cannot tell
 * (no `matchMedia`, as under jsdom): the wide layout.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (noMatchMedia()) return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (noMatchMedia() ? false : window.matchMedia(query).matches),
    () => false,
  );
}

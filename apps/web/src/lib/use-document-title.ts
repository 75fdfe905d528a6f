import { useEffect } from 'react';

/** What follows every screen's name in the browser tab. */
export const APP_TITLE = 'Haat';

/** A screen's document title: 'Products · Haat'; the bare app name for an empty name. */
export function documentTitle(screen: string): string {
  const name = screen.trim();
  return name ? `${name} · ${APP_TITLE}` : APP_TITLE;
}

/**
 * Sets the browser tab's title while the screen is shown (issue 12), so tabs, history
 * and screen readers name the screen: `useDocumentTitle('Products')` gives
 * 'Products · Haat'. The title before it comes back when the screen goes. `null`
 * leaves the title alone (a wrapper that names the tab only in one of its states).
 */
export function useDocumentTitle(screen: string | null): void {
  useEffect(() => {
    if (screen === null) return;
    const before = document.title;
    document.title = documentTitle(screen);
    return () => {
      document.title = before;
    };
  }, [screen]);
}

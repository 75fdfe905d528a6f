import { useCallback, useState } from 'react';

/** Where the wide sidebar's collapsed state is kept between visits. */
export const SIDEBAR_COLLAPSED_KEY = 'haat.sidebar.collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    // Storage refused (a locked-down browser): start expanded, as the spec's shell does.
    return false;
  }
}

/**
 * Whether the wide screen's sidebar is collapsed (4rem) rather than expanded (15rem),
 * remembered in local storage so a reload or the next visit keeps the user's choice
 * (issue 12). Expanded the first time. Returns the state and its toggle.
 */
export function useSidebarCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((value) => {
      const next = !value;
      try {
        localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
      } catch {
        // Not kept, but the toggle still works for this visit.
      }
      return next;
    });
  }, []);
  return [collapsed, toggle];
}

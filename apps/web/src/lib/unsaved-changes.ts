import { useEffect } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { sessionStore } from './session';

/** The forms on screen holding changes not yet saved, one token each. */
const dirtyForms = new Set<symbol>();

/**
 * Navigation state for a screen's own move after a successful save (e.g. back to the
 * queue after Save & Approve): the blocker lets it through, since nothing is lost.
 */
export const AFTER_SAVE = { savedChanges: true } as const;

/** Whether any form on screen holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return dirtyForms.size > 0;
}

/**
 * Tells the app this form holds changes not yet saved (issue 12): while `dirty`, leaving
 * the screen asks first (`useUnsavedChangesBlocker`, rendered once in the shell) and
 * closing or reloading the tab gets the browser's own question. Pass
 * `isDirty && !saved`, so the return to the list after a save goes without asking.
 */
export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const token = Symbol('dirty form');
    dirtyForms.add(token);
    return () => {
      dirtyForms.delete(token);
    };
  }, [dirty]);
}

/**
 * The one navigation blocker of the app (React Router allows one at a time): holds a
 * move to another address (path or query; a `#` within the page is not leaving) while a
 * form holds unsaved changes, for the shell to ask 'Discard unsaved changes?' and then
 * `proceed()` or `reset()`. A session that ended (sign-out in another tab, expiry) is
 * never held: the move to /login goes through. Also asks before the tab closes or reloads.
 */
export function useUnsavedChangesBlocker(): Blocker {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      hasUnsavedChanges() &&
      sessionStore.get() !== null &&
      (nextLocation.state as { savedChanges?: boolean } | null)?.savedChanges !== true &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!hasUnsavedChanges()) return;
      event.preventDefault();
      // Older browsers ask only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
  return blocker;
}

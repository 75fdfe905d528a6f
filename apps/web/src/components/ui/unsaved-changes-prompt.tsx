import { useUnsavedChangesBlocker } from '../../lib/unsaved-changes';
import { ConfirmDialog } from './confirm-dialog';

/** The question asked when leaving a screen whose form holds unsaved changes. */
export const unsavedChangesText = {
  title: 'Discard unsaved changes?',
  body: 'You have changes on this screen that are not saved. Leaving now discards them.',
  confirm: 'Discard changes',
} as const;

/**
 * Asks before a navigation discards a form's unsaved changes (issue 12): 'Discard
 * unsaved changes?' with Cancel (stay, the changes kept) and 'Discard changes' (go on).
 * Rendered once, in the shell; forms report their state with `useUnsavedChanges`.
 */
export function UnsavedChangesPrompt() {
  const blocker = useUnsavedChangesBlocker();
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog
      title={unsavedChangesText.title}
      confirmLabel={unsavedChangesText.confirm}
      busyLabel={unsavedChangesText.confirm}
      busy={false}
      onConfirm={() => blocker.proceed()}
      onCancel={() => blocker.reset()}
    >
      <p>{unsavedChangesText.body}</p>
    </ConfirmDialog>
  );
}

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../confirm-dialog';

function Screen({ busy = false, onConfirm = () => {} }: { busy?: boolean; onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        Delete Lamp
      </button>
      <button type="button">Elsewhere</button>
      {open && (
        <ConfirmDialog
          title="Delete Product"
          confirmLabel="Delete Product"
          busyLabel="Deleting..."
          busy={busy}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        >
          <p>This action cannot be undone</p>
        </ConfirmDialog>
      )}
    </main>
  );
}

describe('ConfirmDialog', () => {
  it('starts on Cancel, keeps Tab inside, hides the page behind, and Escape returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'Delete Lamp' });
    opener.focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('alertdialog', { name: 'Delete Product' });
    expect(dialog).toHaveAccessibleDescription('This action cannot be undone');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete Product' });
    expect(cancel).toHaveFocus();
    // The page behind is out of the accessibility tree while the dialog is open.
    expect(screen.queryByRole('button', { name: 'Elsewhere' })).not.toBeInTheDocument();

    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('ignores Escape while busy, showing the busy text', async () => {
    const user = userEvent.setup();
    render(<Screen busy />);
    await user.click(screen.getByRole('button', { name: 'Delete Lamp' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Product' });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Delete Product' })).toBeInTheDocument();
  });

  it('confirms with its own button', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<Screen onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete Lamp' }));
    await user.click(screen.getByRole('button', { name: 'Delete Product' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alertdialog', { name: 'Delete Product' })).toBeInTheDocument();
  });
});

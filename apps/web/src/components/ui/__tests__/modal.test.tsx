import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from '../modal';

function Screen({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <main>
      <button type="button" onClick={() => setOpen(true)}>
        View Details
      </button>
      {open && (
        <Modal title="Vendor Details" busy={busy} onClose={() => setOpen(false)}>
          <label>
            Business Name <input />
          </label>
          <button type="button">Edit Vendor</button>
        </Modal>
      )}
    </main>
  );
}

describe('Modal', () => {
  it('takes focus, keeps Tab inside, and Escape returns focus to its opener', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    const opener = screen.getByRole('button', { name: 'View Details' });
    await user.click(opener);

    const dialog = screen.getByRole('dialog', { name: 'Vendor Details' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Business Name')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Vendor' })).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Business Name')).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'View Details' })).not.toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('stays open on Escape while busy', async () => {
    const user = userEvent.setup();
    render(<Screen busy />);
    await user.click(screen.getByRole('button', { name: 'View Details' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Vendor Details' })).toBeInTheDocument();
  });
});

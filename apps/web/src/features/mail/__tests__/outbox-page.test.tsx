import { api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout } from '../../../test/screen-kit';
import { OutboxPage } from '../pages/outbox-page';

const mail = {
  _id: '5',
  recipient: 'admin@example.com',
  subject: 'Reset your password',
  template: 'password-reset',
  status: 'queued' as const,
  attempts: 1,
  lastError: 'connect ECONNREFUSED',
  createdAt: '2026-11-01T10:00:00.000Z',
  sentAt: null,
};

let undoLayout: () => void = () => undefined;
afterEach(() => {
  cleanup();
  undoLayout();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('OutboxPage', () => {
  it('lists mails with their state and last error, and previews one as HTML and text', async () => {
    undoLayout = stubLayout();
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.mail.outbox)]: () => ({ success: true, mails: [mail], total: 1, nextCursor: null }),
      [route(endpoints.mail.outboxMail, { id: '5' })]: () => ({
        success: true,
        mail: { ...mail, html: '<p>Reset</p>', text: 'Choose a new password: http://localhost/reset-password?token=x' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<OutboxPage />);
    expect(await screen.findByText('Reset your password')).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
    expect(screen.getByText('connect ECONNREFUSED')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Preview mail to admin@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/reset-password\?token=x/)).toBeInTheDocument();
    expect(within(dialog).getByTitle('HTML version')).toHaveAttribute('srcdoc', '<p>Reset</p>');
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.type(screen.getByLabelText('Search by recipient'), 'admin');
    await vi.waitFor(() =>
      expect(api.callsTo(endpoints.mail.outbox).some((call) => call.url.searchParams.get('search') === 'admin')).toBe(
        true,
      ),
    );
  });
});

import { contactMessages, api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, reply, route, signInAs, stubLayout } from '../../../test/screen-kit';
import { ContactInquiriesPage } from '../pages/contact-inquiries-page';

const contact = (id: string, name: string, phone: string | null = '+91 98765 43210') => ({
  _id: id,
  name,
  email: `${name.toLowerCase()}@example.test`,
  phone,
  message: `Hello from ${name}`,
  createdAt: '2026-11-20T10:00:00.000Z',
});

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('ContactInquiriesPage', () => {
  it('shows the count and a table of messages, N/A for no phone, and searches in the database', async () => {
    signInAs('admin');
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    const api = fakeApi({
      [route(endpoints.contacts.list)]: (call) =>
        call.url.searchParams.get('search')
          ? { success: true, contacts: [], total: 0, nextCursor: null }
          : { success: true, contacts: [contact('1', 'Asha'), contact('2', 'Ravi', null)], total: 2, nextCursor: null },
    });
    const user = userEvent.setup();
    renderScreen(<ContactInquiriesPage />);
    expect(await screen.findByText('2 messages')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Contact messages' });
    expect(within(table).getByRole('cell', { name: 'Asha' })).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: 'N/A' })).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search messages' }), 'zzz');
    expect(await screen.findByText(contactMessages.emptyTitle)).toBeInTheDocument();
    expect(screen.getByText(contactMessages.emptySearch)).toBeInTheDocument();
    const searched = api.callsTo(endpoints.contacts.list).at(-1);
    expect(searched?.url.searchParams.get('search')).toBe('zzz');
    expect(searched?.url.searchParams.get('limit')).toBe('50');
  });

  it('says so when no message was ever received', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.contacts.list)]: () => ({ success: true, contacts: [], total: 0, nextCursor: null }) });
    renderScreen(<ContactInquiriesPage />);
    expect(await screen.findByText(contactMessages.emptyNone)).toBeInTheDocument();
  });

  it('confirms a delete with the spec text, and says when it failed', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = fakeApi({
      [route(endpoints.contacts.list)]: () => ({
        success: true,
        contacts: [contact('1', 'Asha')],
        total: 1,
        nextCursor: null,
      }),
      [route(endpoints.contacts.remove, { id: '1' })]: () =>
        reply(500, { success: false, message: 'boom', code: 'INTERNAL' }),
    });
    const user = userEvent.setup();
    renderScreen(<ContactInquiriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete message from Asha' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Contact' });
    expect(within(dialog).getByText(contactMessages.deleteConfirm)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(contactMessages.deleteFailed)).toBeInTheDocument();
    expect(api.callsTo(endpoints.contacts.remove, { id: '1' })).toHaveLength(1);
  });

  it('replaces the screen with the spec text when the messages cannot be loaded', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.contacts.list)]: () => reply(500, { success: false, message: 'x', code: 'INTERNAL' }) });
    renderScreen(<ContactInquiriesPage />);
    expect(await screen.findByText(contactMessages.loadFailed)).toBeInTheDocument();
  });
});

describe('ContactInquiriesPage bulk actions', () => {
  it('marks the selected messages handled after asking', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = fakeApi({
      [route(endpoints.contacts.list)]: () => ({
        success: true,
        contacts: [contact('1', 'Asha'), contact('2', 'Ravi')],
        total: 2,
        nextCursor: null,
      }),
      [route(endpoints.contacts.bulk)]: () => ({ success: true, message: '1 marked handled', done: 1, refused: [] }),
    });
    const user = userEvent.setup();
    renderScreen(<ContactInquiriesPage />);
    await user.click(await screen.findByRole('checkbox', { name: 'Select message from Ravi' }));
    const bar = screen.getByRole('region', { name: 'Bulk actions' });
    expect(within(bar).getByText('1 message selected')).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Mark handled' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Mark handled 1 message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await screen.findByRole('region', { name: 'Bulk action result' })).toHaveTextContent('1 marked handled');
    expect(api.callsTo(endpoints.contacts.bulk)[0]?.body).toEqual({ action: 'mark-handled', ids: ['2'] });
  });
});

import { type DocumentSummary, documentMessages, api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import {
  type Call,
  fakeApi,
  renderScreen,
  reply,
  route,
  signInAs,
  stubLayout,
  stubScreenWidth,
} from '../../../test/screen-kit';
import { DocumentsPage } from '../pages/documents-page';

const doc = (overrides: Partial<DocumentSummary> = {}): DocumentSummary => ({
  _id: '1',
  kind: 'invoice',
  number: 'INV/2627/0000001',
  financialYear: '2026-27',
  issuedAt: '2026-11-20T10:00:00.000Z',
  issuer: { name: 'Loom House Private Limited', gstin: '29AAACR5055K1ZK' },
  recipient: { name: 'Meera Shopper', gstin: null },
  vendorId: '5',
  order: { _id: '9', trackingNumber: 'TRK100001' },
  shipmentId: '12',
  refersTo: null,
  period: null,
  taxableValue: 1271.19,
  cgst: 0,
  sgst: 0,
  igst: 228.81,
  total: 1500,
  hash: 'a'.repeat(64),
  ...overrides,
});

const documents = [
  doc({
    _id: '2',
    kind: 'credit_note',
    number: 'CN/2627/0000001',
    refersTo: 'INV/2627/0000001',
    total: 500,
    igst: 76.27,
  }),
  doc(),
  doc({
    _id: '3',
    kind: 'commission_invoice',
    number: 'COM/2627/0000001',
    period: '2026-10',
    order: null,
    cgst: 9,
    sgst: 9,
    igst: 0,
  }),
];

function listApi(extra: Record<string, (call: Call) => unknown> = {}) {
  return fakeApi({
    [route(endpoints.documents.list)]: ({ url }: Call) => {
      const kind = url.searchParams.get('kind');
      const rows = documents.filter((row) => !kind || row.kind === kind);
      return { success: true, documents: rows, nextCursor: null };
    },
    ...extra,
  });
}

const saved: string[] = [];
beforeEach(() => {
  saved.length = 0;
  URL.createObjectURL = vi.fn(() => 'blob:document');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
});
afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('DocumentsPage', () => {
  it('lists the documents, filters by kind and dates through the address, and downloads one by keyboard', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = listApi({
      [route(endpoints.documents.pdf, { id: '1' })]: () =>
        new File(['%PDF-1.7\n'], 'INV-2627-0000001.pdf', { type: 'application/pdf' }),
    });
    const user = userEvent.setup();
    const { router } = renderScreen(<DocumentsPage />, { route: '/admin/documents', path: '/admin/documents' });
    const table = await screen.findByRole('table', { name: 'Documents' });
    expect(within(table).getByText('INV/2627/0000001')).toBeInTheDocument();
    expect(within(table).getByText('Against INV/2627/0000001')).toBeInTheDocument();
    expect(within(table).getByText('Month 2026-10')).toBeInTheDocument();
    expect(within(table).getByText('IGST Rs.228.81')).toBeInTheDocument();
    expect(within(table).getByText('CGST Rs.9.00 + SGST Rs.9.00')).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'credit_note');
    await vi.waitFor(() => expect(within(table).queryByText('COM/2627/0000001')).toBeNull());
    expect(new URLSearchParams(router.state.location.search).get('kind')).toBe('credit_note');
    expect(api.callsTo(endpoints.documents.list).at(-1)?.url.searchParams.get('kind')).toBe('credit_note');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    const download = await within(table).findByRole('button', { name: 'Download INV/2627/0000001' });
    download.focus();
    await user.keyboard('{Enter}');
    await vi.waitFor(() => expect(saved).toEqual(['INV-2627-0000001.pdf']));
  });

  it('sends the dates of issue chosen', async () => {
    signInAs('vendor');
    const api = listApi();
    renderScreen(<DocumentsPage />, {
      route: '/admin/documents',
      path: '/admin/documents?kind=invoice&from=2026-11-01&to=2026-11-30',
    });
    expect(
      await screen.findByText('Your tax invoices and credit notes, and the store’s commission invoices to you'),
    ).toBeInTheDocument();
    const sent = api.callsTo(endpoints.documents.list).at(-1)?.url.searchParams;
    expect(sent?.get('kind')).toBe('invoice');
    expect(sent?.get('from')).toBe('2026-11-01');
    expect(sent?.get('to')).toBe('2026-11-30');
  });

  it('says when a download is refused, and when nothing matches', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    listApi({
      [route(endpoints.documents.pdf, { id: '1' })]: () =>
        reply(404, { success: false, message: documentMessages.notFound, code: 'NOT_FOUND' }),
    });
    const user = userEvent.setup();
    renderScreen(<DocumentsPage />, { route: '/admin/documents', path: '/admin/documents' });
    await user.click(await screen.findByRole('button', { name: 'Download INV/2627/0000001' }));
    expect(await screen.findByText(documentMessages.notFound, { selector: '[data-title]' })).toBeInTheDocument();
    cleanup();
    fakeApi({ [route(endpoints.documents.list)]: () => ({ success: true, documents: [], nextCursor: null }) });
    renderScreen(<DocumentsPage />, { route: '/admin/documents', path: '/admin/documents?kind=invoice' });
    expect(await screen.findByText('No documents match these filters')).toBeInTheDocument();
  });

  it('shows a card per document at 390 px', async () => {
    stubScreenWidth(390);
    signInAs('vendor');
    listApi();
    renderScreen(<DocumentsPage />, { route: '/admin/documents', path: '/admin/documents' });
    const list = await screen.findByRole('list', { name: 'Documents' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getByRole('article', { name: 'Tax invoice INV/2627/0000001' })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: 'Download CN/2627/0000001' })).toBeInTheDocument();
  });
});

import { api as endpoints, type KycListItem, type KycRecord } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
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
  timestamps,
} from '../../../test/screen-kit';
import { KycPage } from '../pages/kyc-page';
import { KycReviewDetailPage } from '../pages/kyc-review-detail-page';
import { KycReviewPage } from '../pages/kyc-review-page';

const record = (overrides: Partial<KycRecord> = {}): KycRecord => ({
  vendorId: '5',
  businessName: 'Loom House',
  legalName: 'Loom House Private Limited',
  pan: 'AAACR5055K',
  gstin: '27AAACR5055K1Z7',
  enrolmentNumber: null,
  state: { code: '27', name: 'Maharashtra' },
  address: '3 Nariman Point, Mumbai',
  documents: [
    { kind: 'pan_card', uploadId: '11', contentType: 'application/pdf', size: 2048, url: '/api/kyc/documents/11' },
  ],
  status: 'draft',
  reasons: {},
  submittedAt: null,
  decidedAt: null,
  approvedBefore: false,
  ...timestamps,
  ...overrides,
});

const listItem = (vendorId: string, businessName: string, status: KycRecord['status']): KycListItem => {
  const { documents: _d, reasons: _r, address: _a, ...item } = record({ vendorId, businessName, status });
  return item;
};

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('KycPage (vendor)', () => {
  it('shows the reasons to fix by field and sends the fixed KYC for review with its version', async () => {
    signInAs('vendor');
    const kyc = record({
      status: 'changes_requested',
      reasons: { address: 'Give the address on the GST certificate', pan_card: 'The scan is unreadable' },
    });
    const api = fakeApi({
      [route(endpoints.kyc.mine)]: () => ({ success: true, kyc }),
      [route(endpoints.kyc.save)]: ({ body }: Call) => ({
        success: true,
        message: 'KYC submitted for review',
        kyc: { ...kyc, ...(body as object), state: kyc.state, documents: kyc.documents, status: 'submitted' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<KycPage />, { route: '/admin/kyc', path: '/admin/kyc' });
    const reasons = await screen.findByRole('region', { name: 'Reasons to fix' });
    expect(within(reasons).getByText('Give the address on the GST certificate')).toBeInTheDocument();
    expect(within(reasons).getByText('The scan is unreadable')).toBeInTheDocument();
    expect(
      screen.getByText('Changes requested: fix what the reviewer asked below, then submit again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'PAN' })).toHaveValue('AAACR5055K');
    expect(screen.getByRole('combobox', { name: 'State you ship from' })).toHaveValue('27');

    const address = screen.getByRole('textbox', { name: 'Registered address' });
    await user.clear(address);
    await user.type(address, '3rd Floor, Maker Chambers IV, Nariman Point, Mumbai');
    await user.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('KYC submitted for review')).toBeInTheDocument();
    const sent = api.callsTo(endpoints.kyc.save).at(-1)?.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      pan: 'AAACR5055K',
      gstin: '27AAACR5055K1Z7',
      enrolmentNumber: null,
      state: '27',
      address: '3rd Floor, Maker Chambers IV, Nariman Point, Mumbai',
      documents: [{ kind: 'pan_card', uploadId: '11' }],
      submit: true,
      updatedAt: timestamps.updatedAt,
    });
  });

  it('says under the GSTIN why it is wrong, by keyboard, without sending it', async () => {
    signInAs('vendor');
    const api = fakeApi({ [route(endpoints.kyc.mine)]: () => ({ success: true, kyc: null }) });
    const user = userEvent.setup();
    renderScreen(<KycPage />, { route: '/admin/kyc', path: '/admin/kyc' });
    expect(await screen.findByText('Not started. Payouts wait until your KYC is approved.')).toBeInTheDocument();
    await user.click(screen.getByRole('textbox', { name: 'Legal name' }));
    await user.keyboard('Reliance Industries Limited');
    await user.tab();
    await user.keyboard('AAACR5055K');
    await user.tab();
    await user.keyboard('27AAACR5055K1Z8');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State you ship from' }), '27');
    await user.type(screen.getByRole('textbox', { name: 'Registered address' }), 'Mumbai');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    const gstin = screen.getByRole('textbox', { name: 'GSTIN' });
    expect(gstin).toHaveAttribute('aria-invalid', 'true');
    expect(gstin).toHaveAccessibleDescription(
      expect.stringContaining("GSTIN's last character (its check character) does not match the others"),
    );
    expect(api.callsTo(endpoints.kyc.save)).toHaveLength(0);
  });

  it('shows the server’s reason under its field', async () => {
    signInAs('vendor');
    fakeApi({
      [route(endpoints.kyc.mine)]: () => ({ success: true, kyc: record() }),
      [route(endpoints.kyc.save)]: () =>
        reply(400, {
          success: false,
          code: 'BAD_REQUEST',
          message: 'Documents: a Cancelled cheque is required to submit',
          errors: { legalName: 'Legal name is required' },
        }),
    });
    const user = userEvent.setup();
    renderScreen(<KycPage />, { route: '/admin/kyc', path: '/admin/kyc' });
    await user.click(await screen.findByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByText('Documents: a Cancelled cheque is required to submit')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Legal name' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('uploads a document and attaches it on save', async () => {
    signInAs('vendor');
    const api = fakeApi({
      [route(endpoints.kyc.mine)]: () => ({ success: true, kyc: record() }),
      [route(endpoints.kyc.uploadDocument)]: () =>
        reply(201, {
          success: true,
          message: 'Document uploaded',
          _id: '12',
          contentType: 'application/pdf',
          size: 4096,
          url: '/api/kyc/documents/12',
        }),
      [route(endpoints.kyc.save)]: () => ({ success: true, message: 'KYC saved', kyc: record() }),
    });
    const user = userEvent.setup();
    renderScreen(<KycPage />, { route: '/admin/kyc', path: '/admin/kyc' });
    const cheque = await screen.findByLabelText('Upload Cancelled cheque');
    await user.upload(cheque, new File(['%PDF-1.7'], 'cheque.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Cancelled cheque uploaded. Save or submit to attach it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('KYC saved')).toBeInTheDocument();
    const sent = api.callsTo(endpoints.kyc.save).at(-1)?.body as { documents: unknown; submit: boolean };
    expect(sent.submit).toBe(false);
    expect(sent.documents).toEqual([
      { kind: 'pan_card', uploadId: '11' },
      { kind: 'cancelled_cheque', uploadId: '12' },
    ]);
  });
});

describe('KycReviewPage (admin)', () => {
  function listApi() {
    return fakeApi({
      [route(endpoints.kyc.list)]: ({ url }: Call) => {
        const status = url.searchParams.get('status');
        const kycs = [listItem('5', 'Loom House', 'submitted'), listItem('6', 'Clay Co', 'approved')].filter(
          (row) => !status || row.status === status,
        );
        return { success: true, kycs, total: kycs.length, nextCursor: null };
      },
    });
  }

  it('lists the submitted ones first, and another status from the address', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = listApi();
    const user = userEvent.setup();
    const { router } = renderScreen(<KycReviewPage />, { route: '/admin/kyc-review', path: '/admin/kyc-review' });
    const table = await screen.findByRole('table', { name: 'KYC' });
    expect(within(table).getByRole('link', { name: 'Review Loom House' })).toHaveAttribute(
      'href',
      '/admin/kyc-review/5',
    );
    expect(within(table).queryByText('Clay Co')).toBeNull();
    expect(api.callsTo(endpoints.kyc.list).at(-1)?.url.searchParams.get('status')).toBe('submitted');
    await user.selectOptions(screen.getByRole('combobox', { name: 'KYC status' }), 'approved');
    expect(await within(table).findByText('Clay Co')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('approved');
  });

  it('says no KYC has a status chosen', async () => {
    signInAs('admin');
    listApi();
    renderScreen(<KycReviewPage />, { route: '/admin/kyc-review', path: '/admin/kyc-review?status=rejected' });
    expect(await screen.findByText('No KYC rejected')).toBeInTheDocument();
  });

  it('shows the list as cards on a phone', async () => {
    stubScreenWidth(390);
    signInAs('admin');
    listApi();
    renderScreen(<KycReviewPage />, { route: '/admin/kyc-review', path: '/admin/kyc-review?status=all' });
    const list = await screen.findByRole('list', { name: 'KYC' });
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(list).getByRole('article', { name: 'Loom House' })).toBeInTheDocument();
    expect(within(list).getByRole('article', { name: 'Clay Co' })).toBeInTheDocument();
  });
});

describe('KycReviewDetailPage (admin)', () => {
  it('requests changes with a reason per field, carrying the version', async () => {
    signInAs('admin');
    const kyc = record({ status: 'submitted', submittedAt: timestamps.updatedAt });
    const api = fakeApi({
      [route(endpoints.kyc.get, { vendorId: '5' })]: () => ({ success: true, kyc }),
      [route(endpoints.kyc.decide, { vendorId: '5' })]: () => ({
        success: true,
        message: 'Changes requested',
        kyc: { ...kyc, status: 'changes_requested' },
      }),
    });
    const user = userEvent.setup();
    renderScreen(<KycReviewDetailPage />, { route: '/admin/kyc-review/:vendorId', path: '/admin/kyc-review/5' });
    expect(await screen.findByRole('heading', { name: 'KYC: Loom House' })).toBeInTheDocument();
    expect(screen.getByText('27AAACR5055K1Z7')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View PAN card' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Give a reason for at least one field')).toBeInTheDocument();
    expect(api.callsTo(endpoints.kyc.decide, { vendorId: '5' })).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Reason: Address' }), 'Not the registered address');
    await user.type(screen.getByRole('textbox', { name: 'Reason: Cancelled cheque' }), 'Missing');
    await user.click(screen.getByRole('button', { name: 'Request changes' }));
    expect(await screen.findByText('Changes requested')).toBeInTheDocument();
    expect(api.callsTo(endpoints.kyc.decide, { vendorId: '5' }).at(-1)?.body).toEqual({
      decision: 'request_changes',
      reasons: { address: 'Not the registered address', cancelled_cheque: 'Missing' },
      updatedAt: timestamps.updatedAt,
    });
  });

  it('approves; a KYC not awaiting review shows its reasons and no decision', async () => {
    signInAs('admin');
    const api = fakeApi({
      [route(endpoints.kyc.get, { vendorId: '5' })]: () => ({ success: true, kyc: record({ status: 'submitted' }) }),
      [route(endpoints.kyc.decide, { vendorId: '5' })]: () => ({
        success: true,
        message: 'KYC approved',
        kyc: record({ status: 'approved' }),
      }),
      [route(endpoints.kyc.get, { vendorId: '6' })]: () => ({
        success: true,
        kyc: record({ vendorId: '6', status: 'rejected', reasons: { general: 'Not a business' } }),
      }),
    });
    const user = userEvent.setup();
    renderScreen(<KycReviewDetailPage />, { route: '/admin/kyc-review/:vendorId', path: '/admin/kyc-review/5' });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('KYC approved')).toBeInTheDocument();
    expect(api.callsTo(endpoints.kyc.decide, { vendorId: '5' }).at(-1)?.body).toEqual({
      decision: 'approve',
      updatedAt: timestamps.updatedAt,
    });
    cleanup();
    renderScreen(<KycReviewDetailPage />, { route: '/admin/kyc-review/:vendorId', path: '/admin/kyc-review/6' });
    const given = await screen.findByRole('region', { name: 'Reasons given' });
    expect(within(given).getByText('Not a business')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

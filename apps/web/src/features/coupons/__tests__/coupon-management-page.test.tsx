import { type Coupon, api as endpoints } from '@haat/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { fakeApi, renderScreen, route, signInAs, stubLayout, timestamps } from '../../../test/screen-kit';
import { couponBodyOf, couponFormErrors, emptyCouponForm, formValuesOf } from '../coupon-form-rules';
import { CouponManagementPage } from '../pages/coupon-management-page';

const coupon = (overrides: Partial<Coupon>): Coupon => ({
  _id: '1',
  code: 'SAVE10',
  description: null,
  discountType: 'percentage',
  discountValue: 10,
  minOrderAmount: 499,
  maxDiscountAmount: 300,
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  isActive: true,
  usageLimit: 10,
  usedCount: 3,
  fundedBy: 'vendors',
  applicableProducts: [],
  applicableCategories: [],
  restrictions: { products: [], categories: [] },
  status: 'active',
  state: 'active',
  ...timestamps,
  ...overrides,
});

/** Makes every media query match, as on a phone (below 768 px, `NARROW_SCREEN`). */
const stubPhone = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));

const findToast = (text: string) => screen.findByText(text, { selector: '[data-title]' });

afterEach(() => {
  cleanup();
  sessionStore.end();
  vi.unstubAllGlobals();
});

describe('CouponManagementPage', () => {
  it('lists coupons with their columns and footer counts', async () => {
    signInAs('admin');
    // The list kit renders only the rows in view; jsdom lays nothing out.
    onTestFinished(stubLayout());
    fakeApi({
      [route(endpoints.coupons.list)]: () => ({
        success: true,
        coupons: [
          coupon({}),
          coupon({
            _id: '2',
            code: 'OLD',
            status: 'expired',
            state: 'expired',
            usageLimit: null,
            maxDiscountAmount: null,
            description: 'Gone',
          }),
        ],
      }),
    });
    renderScreen(<CouponManagementPage />);
    const table = await screen.findByRole('table', { name: 'Coupons' });
    expect(within(table).getByText('No description')).toBeInTheDocument();
    expect(within(table).getByText('(max Rs.300.00)')).toBeInTheDocument();
    expect(within(table).getAllByText('Min order: Rs.499.00')).toHaveLength(2);
    expect(within(table).getByText('3 / 10')).toBeInTheDocument();
    expect(within(table).getByRole('progressbar', { name: 'Usage of SAVE10' })).toHaveAttribute('aria-valuenow', '30');
    expect(within(table).getByText('3 / ∞ used')).toBeInTheDocument();
    expect(within(table).getAllByText('1 Jan 2026 - 31 Dec 2026')).toHaveLength(2);
    expect(screen.getByText('Showing 2 coupons')).toBeInTheDocument();
    expect(screen.getByText('1 active, 1 expired')).toBeInTheDocument();
  });

  it('shows a card per coupon on a phone, with its columns and actions and no table', async () => {
    signInAs('admin');
    stubPhone();
    fakeApi({ [route(endpoints.coupons.list)]: () => ({ success: true, coupons: [coupon({})] }) });
    renderScreen(<CouponManagementPage />);
    const card = await screen.findByRole('article', { name: 'SAVE10' });
    expect(screen.queryByRole('table', { name: 'Coupons' })).not.toBeInTheDocument();
    expect(within(card).getByText('(max Rs.300.00)')).toBeInTheDocument();
    expect(within(card).getByText('3 / 10')).toBeInTheDocument();
    expect(within(card).getByText('1 Jan 2026 - 31 Dec 2026')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Edit SAVE10' })).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Delete SAVE10' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });

  it('deletes through the modal', async () => {
    signInAs('admin');
    onTestFinished(stubLayout());
    const api = fakeApi({
      [route(endpoints.coupons.list)]: () => ({ success: true, coupons: [coupon({})] }),
      [route(endpoints.coupons.remove, { id: '1' })]: () => ({
        success: true,
        message: 'Coupon deleted successfully!',
      }),
    });
    renderScreen(<CouponManagementPage />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete SAVE10' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Coupon' });
    expect(within(dialog).getByText('This action cannot be undone')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete Coupon' }));
    expect(await findToast('Coupon deleted successfully!')).toBeInTheDocument();
    expect(api.callsTo(endpoints.coupons.remove, { id: '1' })).toHaveLength(1);
  });

  it('shows the empty state with Create First Coupon, which opens the form', async () => {
    signInAs('admin');
    fakeApi({ [route(endpoints.coupons.list)]: () => ({ success: true, coupons: [] }) });
    renderScreen(<CouponManagementPage />);
    expect(await screen.findByText('No coupons found')).toBeInTheDocument();
    expect(screen.getByText('Get started by creating your first coupon.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Create First Coupon' }));
    expect(screen.getByRole('heading', { name: 'Create New Coupon' })).toBeInTheDocument();
    for (const section of ['Coupon Information', 'Discount Settings', 'Validity Period', 'Applicability Restrictions'])
      expect(screen.getByRole('region', { name: section })).toBeInTheDocument();
    // Issue 35: who bears the discount, the vendors by default.
    const funding = screen.getByRole('combobox', { name: 'Funded By' });
    expect(funding).toHaveValue('vendors');
    expect(
      within(funding)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Vendors (lowers their earnings)', 'Store (from its commission)']);
  });
});

describe('the coupon form’s funding (issue 35)', () => {
  it('loads a coupon’s funding into the form and sends it back', () => {
    const values = formValuesOf(coupon({ fundedBy: 'store' }));
    expect(values.fundedBy).toBe('store');
    expect(couponBodyOf(values).fundedBy).toBe('store');
    expect(couponBodyOf({ ...values, fundedBy: 'vendors' }).fundedBy).toBe('vendors');
  });
});

describe('couponFormErrors', () => {
  it('lists every failed rule of spec section 5, in order', () => {
    expect(couponFormErrors({ ...emptyCouponForm, minOrderAmount: '' })).toEqual([
      'Coupon code is required',
      'Valid discount value is required',
      'Valid minimum order amount is required',
      'Start date is required',
      'End date is required',
    ]);
    expect(
      couponFormErrors({
        ...emptyCouponForm,
        code: 'X',
        discountValue: '120',
        startDate: '2026-12-02',
        endDate: '2026-12-02',
      }),
    ).toEqual(['End date must be after start date', 'Discount percentage cannot exceed 100%']);
    expect(
      couponFormErrors({
        ...emptyCouponForm,
        code: 'X',
        discountType: 'fixed',
        discountValue: '120',
        startDate: '2026-12-01',
        endDate: '2026-12-02',
      }),
    ).toEqual([]);
  });
});

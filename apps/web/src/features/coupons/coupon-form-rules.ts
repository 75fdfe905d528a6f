import { type Coupon, type CouponBodyInput, type CouponFunding, couponMessages } from '@haat/contract';
import type { PickerOption } from './api';

/** The coupon form's values as typed (numbers as text, as the inputs hold them). */
export interface CouponFormValues {
  code: string;
  description: string;
  discountType: 'percentage' | 'fixed';
  discountValue: string;
  minOrderAmount: string;
  maxDiscountAmount: string;
  startDate: string;
  endDate: string;
  usageLimit: string;
  isActive: boolean;
  /** Who bears the discount (issue 35): the vendors by default, or the store. */
  fundedBy: CouponFunding;
  products: PickerOption[];
  categories: PickerOption[];
}

/** A new coupon's form: percentage by default (spec section 9), active, no restrictions. */
export const emptyCouponForm: CouponFormValues = {
  code: '',
  description: '',
  discountType: 'percentage',
  discountValue: '',
  minOrderAmount: '0',
  maxDiscountAmount: '',
  startDate: '',
  endDate: '',
  usageLimit: '',
  isActive: true,
  fundedBy: 'vendors',
  products: [],
  categories: [],
};

/** The form filled from a stored coupon. */
export function formValuesOf(coupon: Coupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description ?? '',
    discountType: coupon.discountType,
    discountValue: String(coupon.discountValue),
    minOrderAmount: String(coupon.minOrderAmount),
    maxDiscountAmount: coupon.maxDiscountAmount === null ? '' : String(coupon.maxDiscountAmount),
    startDate: coupon.startDate,
    endDate: coupon.endDate,
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    isActive: coupon.isActive,
    fundedBy: coupon.fundedBy,
    products: coupon.restrictions.products,
    categories: coupon.restrictions.categories,
  };
}

const isNumber = (text: string) => text.trim() !== '' && Number.isFinite(Number(text));

/**
 * Every rule of spec section 5 (Coupon form) that fails, in the spec's order; the
 * screen joins them with commas in one toast.
 */
export function couponFormErrors(values: CouponFormValues): string[] {
  const errors: string[] = [];
  if (!values.code.trim()) errors.push(couponMessages.codeRequired);
  if (!isNumber(values.discountValue) || Number(values.discountValue) <= 0)
    errors.push(couponMessages.discountValueRequired);
  if (!isNumber(values.minOrderAmount) || Number(values.minOrderAmount) < 0)
    errors.push(couponMessages.minOrderRequired);
  if (!values.startDate) errors.push(couponMessages.startDateRequired);
  if (!values.endDate) errors.push(couponMessages.endDateRequired);
  if (values.startDate && values.endDate && values.endDate <= values.startDate)
    errors.push(couponMessages.endBeforeStart);
  if (values.discountType === 'percentage' && isNumber(values.discountValue) && Number(values.discountValue) > 100)
    errors.push(couponMessages.percentTooHigh);
  return errors;
}

/** The body sent: numbers converted, an empty cap or usage limit as null (spec section 5). */
export function couponBodyOf(values: CouponFormValues, updatedAt?: string): CouponBodyInput {
  const percentage = values.discountType === 'percentage';
  return {
    code: values.code.trim(),
    description: values.description.trim() || null,
    discountType: values.discountType,
    discountValue: Number(values.discountValue),
    minOrderAmount: Number(values.minOrderAmount),
    maxDiscountAmount: percentage && values.maxDiscountAmount.trim() ? Number(values.maxDiscountAmount) : null,
    startDate: values.startDate,
    endDate: values.endDate,
    isActive: values.isActive,
    usageLimit: values.usageLimit.trim() ? Number(values.usageLimit) : null,
    fundedBy: values.fundedBy,
    applicableProducts: values.products.map((product) => product._id),
    applicableCategories: values.categories.map((category) => category._id),
    ...(updatedAt && { updatedAt }),
  };
}

/** Today's date `YYYY-MM-DD` on this computer's calendar, the date pickers' minimum. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

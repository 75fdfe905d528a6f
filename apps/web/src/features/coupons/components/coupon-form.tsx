import { type Coupon, couponFundingLabels, couponFundings, couponMessages, couponStateLabels } from '@haat/contract';
import { useEffect, useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { DateInput } from '../../../components/ui/date-input';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { type PickerOption, useCategoryOptions, useProductOptions, useSaveCoupon } from '../api';
import {
  type CouponFormValues,
  couponBodyOf,
  couponFormErrors,
  emptyCouponForm,
  formValuesOf,
  localToday,
} from '../coupon-form-rules';
import { RestrictionPicker } from './restriction-picker';

/** The delay before the form closes after a successful save (spec section 9). */
export const CLOSE_AFTER_SAVE_MS = 1500;

/**
 * The coupon form (spec sections 2, 4, 5): 'Create New Coupon' or 'Edit Coupon' with its
 * four sections. Rules are checked on submit and every failure is joined in one toast;
 * the server checks them again. An edit carries the version it loaded (409 when someone
 * saved meanwhile). Closes 1.5 s after a successful save.
 */
export function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const editing = coupon !== null;
  const version = useRef(coupon?.updatedAt);
  const save = useSaveCoupon(coupon?._id ?? null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closeTimer.current), []);
  // The form replaces the list: focus moves to its heading, not to the page's body (issue 27).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { register, handleSubmit, watch, control, formState } = useForm<CouponFormValues>({
    defaultValues: coupon ? formValuesOf(coupon) : emptyCouponForm,
  });
  const discountType = watch('discountType');
  const startDate = watch('startDate');
  const today = localToday();
  const saved = save.isSuccess;
  useUnsavedChanges(formState.isDirty && !saved);

  const onSubmit = (values: CouponFormValues) => {
    const errors = couponFormErrors(values);
    if (errors.length > 0) {
      notify.longError(errors.join(', '));
      return;
    }
    save.mutate(couponBodyOf(values, version.current), {
      onSuccess: () => {
        notify.success(editing ? couponMessages.updated : couponMessages.created);
        closeTimer.current = setTimeout(onDone, CLOSE_AFTER_SAVE_MS);
      },
      onError: (error) =>
        notify.error(errorMessage(error, editing ? couponMessages.updateFailed : couponMessages.createFailed)),
    });
  };

  const addTo = (list: PickerOption[], option: PickerOption) =>
    list.some((item) => item._id === option._id) ? list : [...list, option];

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none">
          {editing ? 'Edit Coupon' : 'Create New Coupon'}
        </h2>
        {editing && (
          <Badge tone={coupon.state === 'active' ? 'green' : 'grey'}>{couponStateLabels[coupon.state]}</Badge>
        )}
      </div>

      <FormSection title="Coupon Information">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Coupon Code" required hint={editing ? 'The code cannot be changed' : undefined}>
            {(c) => (
              <Input
                {...c}
                {...register('code')}
                disabled={editing}
                className="uppercase"
                placeholder="e.g. SAVE20"
                maxLength={40}
              />
            )}
          </Field>
          <Field label="Description">
            {(c) => <Textarea {...c} {...register('description')} rows={2} placeholder="Optional" maxLength={500} />}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Discount Settings">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Discount Type" required>
            {(c) => (
              <Select {...c} {...register('discountType')}>
                <option value="percentage">Percentage</option>
                <option value="fixed">Fixed Amount</option>
              </Select>
            )}
          </Field>
          <Field label={discountType === 'percentage' ? 'Discount Value (%)' : 'Discount Value (Rs.)'} required>
            {(c) => (
              <Input
                {...c}
                {...register('discountValue')}
                type="number"
                min={0}
                step={discountType === 'percentage' ? 1 : 0.01}
              />
            )}
          </Field>
          <Field label="Minimum Order Amount (Rs.)" required>
            {(c) => <Input {...c} {...register('minOrderAmount')} type="number" min={0} step={0.01} />}
          </Field>
          {discountType === 'percentage' && (
            <Field label="Maximum Discount (Rs.)" hint="Leave empty for no cap">
              {(c) => <Input {...c} {...register('maxDiscountAmount')} type="number" min={0} step={0.01} />}
            </Field>
          )}
          <Field
            label="Funded By"
            hint="Who bears the discount: the vendors’ earnings, or the store’s commission (vendors earn the full price)"
          >
            {(c) => (
              <Select {...c} {...register('fundedBy')}>
                {couponFundings.map((funding) => (
                  <option key={funding} value={funding}>
                    {couponFundingLabels[funding]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Validity Period">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Start Date" required>
            {(c) => (
              <Controller
                control={control}
                name="startDate"
                render={({ field }) => (
                  <DateInput
                    {...c}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    pickerLabel="Open a calendar for the start day"
                    min={editing && coupon.startDate < today ? coupon.startDate : today}
                  />
                )}
              />
            )}
          </Field>
          <Field label="End Date" required>
            {(c) => (
              <Controller
                control={control}
                name="endDate"
                render={({ field }) => (
                  <DateInput
                    {...c}
                    name={field.name}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    pickerLabel="Open a calendar for the end day"
                    min={startDate || today}
                  />
                )}
              />
            )}
          </Field>
          <Field label="Usage Limit" hint="Leave empty for unlimited">
            {(c) => <Input {...c} {...register('usageLimit')} type="number" min={1} step={1} />}
          </Field>
        </div>
        <label className="mt-4 inline-flex items-center gap-2 text-sm text-slate-700">
          <input type="checkbox" {...register('isActive')} className="h-4 w-4 rounded border-slate-300" />
          Active
        </label>
      </FormSection>

      <FormSection
        title="Applicability Restrictions"
        description="Leave empty to apply the coupon to all products and categories."
      >
        <div className="grid gap-6 md:grid-cols-2">
          <Controller
            control={control}
            name="products"
            render={({ field }) => (
              <RestrictionPicker
                label="Products"
                allLabel="All products"
                selected={field.value}
                useOptions={useProductOptions}
                onAdd={(option) => {
                  field.onChange(addTo(field.value, option));
                  notify.success('Product added to restrictions');
                }}
                onRemove={(option) => {
                  field.onChange(field.value.filter((item) => item._id !== option._id));
                  notify.info('Product removed from restrictions');
                }}
              />
            )}
          />
          <Controller
            control={control}
            name="categories"
            render={({ field }) => (
              <RestrictionPicker
                label="Categories"
                allLabel="All categories"
                selected={field.value}
                useOptions={useCategoryOptions}
                onAdd={(option) => {
                  field.onChange(addTo(field.value, option));
                  notify.success('Category added to restrictions');
                }}
                onRemove={(option) => {
                  field.onChange(field.value.filter((item) => item._id !== option._id));
                  notify.info('Category removed from restrictions');
                }}
              />
            )}
          />
        </div>
      </FormSection>

      <div className="flex justify-end gap-3">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending || saved || formState.isSubmitting}>
          {save.isPending ? 'Saving...' : editing ? 'Update Coupon' : 'Create Coupon'}
        </Button>
      </div>
    </form>
  );
}

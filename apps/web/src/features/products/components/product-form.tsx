import {
  DEFAULT_GST_SLABS,
  type ParsedProductBody,
  type Product,
  productMessages,
  warrantyPeriods,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ButtonLink } from '../../../components/ui/button-link';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { FormSection } from '../../../components/ui/form-section';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  useCategoryOptions,
  useCreateProduct,
  useSubcategoryOptions,
  useUpdateProduct,
  useVendorOptions,
} from '../api';
import { productListPath } from '../hooks/use-product-filters';
import type { Decision } from '../hooks/use-review-product';
import {
  emptyProductForm,
  type ProductFormValues,
  productFieldOrder,
  productFormSchema,
  productToForm,
  toRequestBody,
} from '../product-form-schema';
import { ImageUrlList } from './image-url-list';
import { ProductReviewBar } from './product-review-bar';

/** The review an admin may make from the form of a product awaiting approval (issue 12). */
export interface FormReview {
  busy: boolean;
  /** `version`: the product's version the form was filled from (one version check for edits and review). */
  onDecide: (decision: Decision, version: string | undefined) => void;
}

/** The GST slabs the form offers (issue 35): the slabs since 22 September 2025, and the product's own rate. */
function gstRateOptions(current: number | undefined): number[] {
  const rates: number[] = [...DEFAULT_GST_SLABS];
  if (current !== undefined && !rates.includes(current)) rates.push(current);
  return rates.sort((a, b) => a - b);
}

/** How long the saved form stays up before going back to the list (spec section 9). */
export const REDIRECT_AFTER_SAVE_MS = 1500;

/** Every failed rule, in the spec's order, as one line (spec section 5: 'joined with commas in one error toast'). */
export function joinedErrors(errors: FieldErrors<ProductFormValues>): string {
  const messages: string[] = [];
  for (const field of productFieldOrder) {
    const error = errors[field];
    if (!error) continue;
    const message =
      error.message ??
      (Array.isArray(error) ? error.find((item) => item?.message)?.message : undefined) ??
      (error as { root?: { message?: string } }).root?.message;
    if (message && !messages.includes(message)) messages.push(message);
  }
  return messages.join(', ');
}

/**
 * The product form for create and edit (spec section 2, Product form): Basic
 * Information, Product Specifications, Pricing & Inventory, Categorization, Vendor
 * Assignment (admins) and Product Images. Checked on submit against the contract,
 * every failure joined in one toast; saved, it returns to the list after 1.5 s.
 * Admins choose the status and may assign an approved vendor; a vendor's form has
 * neither (spec sections 1 and 6).
 *
 * With `review` (an admin's View Details of a pending product), Approve and Reject sit
 * at the top; a decision taken with unsaved edits carries them, checked like a save,
 * so they are saved and reviewed in one request (issue 12; decision 0045). `backTo` is
 * where Cancel and the return after saving go (the review queue when opened from it).
 */
export function ProductForm({
  product,
  isAdmin,
  review,
  backTo,
}: {
  product?: Product | undefined;
  isAdmin: boolean;
  review?: FormReview | undefined;
  backTo?: string | undefined;
}) {
  const returnTo = () => backTo ?? productListPath();
  const navigate = useNavigate();
  const create = useCreateProduct();
  const update = useUpdateProduct(product?._id ?? '');
  const saving = create.isPending || update.isPending;
  const [saved, setSaved] = useState(false);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(redirect.current), []);
  // The version this form was filled from: a save over someone else's later change is
  // refused by the server (409) instead of silently undoing it. Kept from the first
  // render, so a background refetch of the product cannot move it.
  const loadedVersion = useRef(product?.updatedAt);

  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors, isDirty },
  } = useForm<ProductFormValues, unknown, ParsedProductBody>({
    resolver: zodResolver(productFormSchema),
    defaultValues: product ? productToForm(product) : emptyProductForm,
  });
  useUnsavedChanges(isDirty && !saved);
  const category = useWatch({ control, name: 'category' });
  const images = useWatch({ control, name: 'images' });

  const categories = useCategoryOptions();
  const subcategories = useSubcategoryOptions(category);
  const vendors = useVendorOptions('approved', isAdmin);
  const optionsFailed = categories.isError || (isAdmin && vendors.isError);

  const categoryList = categories.data?.categories ?? [];
  const subcategoryList = subcategories.data?.subcategories ?? [];
  const vendorList = vendors.data?.vendors ?? [];
  // A product kept by a vendor who is no longer approved still shows who holds it.
  const currentVendor =
    product?.vendor && !vendorList.some((v) => v._id === product.vendor?._id) ? product.vendor : null;

  const onValid = (values: ParsedProductBody) => {
    const body = { ...toRequestBody(values, isAdmin), updatedAt: loadedVersion.current };
    const options = {
      onSuccess: (answer: { message: string }) => {
        notify.success(answer.message || (product ? productMessages.updated : productMessages.created));
        setSaved(true);
        redirect.current = setTimeout(() => navigate(returnTo()), REDIRECT_AFTER_SAVE_MS);
      },
      onError: (error: Error) => {
        showServerFieldErrors(error, setError, productFieldOrder);
        notify.error(errorMessage(error, productMessages.saveFailed));
      },
    };
    if (product) update.mutate(body, options);
    else create.mutate(body, options);
  };

  const onInvalid = (fieldErrors: FieldErrors<ProductFormValues>) => notify.longError(joinedErrors(fieldErrors));

  // A review never drops what the admin typed: clean, it reviews the product as loaded;
  // with edits, it checks them as a save would and sends them with the decision.
  const decide = (decision: Omit<Decision, 'edits'>) => {
    if (!review) return;
    if (!isDirty) return review.onDecide(decision, loadedVersion.current);
    void handleSubmit(
      (values) => review.onDecide({ ...decision, edits: toRequestBody(values, isAdmin) }, loadedVersion.current),
      onInvalid,
    )();
  };

  const subcategoryDisabled = category === '' || subcategoryList.length === 0;
  const subcategoryPlaceholder =
    category === ''
      ? 'Select a category first'
      : subcategories.isPending
        ? 'Loading subcategories...'
        : subcategoryList.length === 0
          ? 'No subcategories available'
          : 'Select a subcategory (optional)';

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate className="space-y-5">
      {review && product && (
        <ProductReviewBar productName={product.name} busy={review.busy} dirty={isDirty} onDecide={decide} />
      )}
      {optionsFailed && (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700">
          {productMessages.formDataFailed}
        </p>
      )}
      {!isAdmin &&
        (product?.approvalStatus === 'approved' ? (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Price and stock changes go live as soon as you save. Changes to what customers read (name, details, brand,
            specifications, category, images) wait for admin approval; customers see the approved version until then.
          </p>
        ) : (
          <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
            An administrator reviews every product you add or change before it goes live.{' '}
            {productMessages.awaitingApproval}
          </p>
        ))}

      <FormSection title="Basic Information">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Product Name" required error={errors.name?.message}>
            {(c) => <Input {...c} {...register('name')} placeholder="Enter product name" />}
          </Field>
          <Field label="SKU" required error={errors.sku?.message}>
            {(c) => <Input {...c} {...register('sku')} placeholder="e.g. TSH-001-BLK" />}
          </Field>
          <Field label="Brand" error={errors.brand?.message} hint="Left empty, the brand is 'Unknown'.">
            {(c) => <Input {...c} {...register('brand')} placeholder="Enter brand" />}
          </Field>
          {isAdmin && (
            <Field label="Status" error={errors.status?.message}>
              {(c) => (
                <Select {...c} {...register('status')}>
                  {product?.status === 'pending' && (
                    <option value="" disabled>
                      Pending (awaiting approval)
                    </option>
                  )}
                  <option value="active">Active</option>
                  <option value="inactive">Inactive</option>
                </Select>
              )}
            </Field>
          )}
          <Field label="Product Details" required error={errors.productDetails?.message} className="md:col-span-2">
            {(c) => <Textarea {...c} {...register('productDetails')} rows={4} placeholder="Describe the product" />}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Product Specifications">
        <div className="grid gap-4 md:grid-cols-2">
          <Field label="Color" error={errors.color?.message}>
            {(c) => <Input {...c} {...register('color')} placeholder="e.g. Black" />}
          </Field>
          <Field label="Model" error={errors.model?.message}>
            {(c) => <Input {...c} {...register('model')} placeholder="e.g. X200" />}
          </Field>
          <Field label="Warranty Period" error={errors.warrantyPeriod?.message}>
            {(c) => (
              <Select {...c} {...register('warrantyPeriod')}>
                {warrantyPeriods.map((period) => (
                  <option key={period} value={period}>
                    {period}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Manufacturer" error={errors.manufacturer?.message}>
            {(c) => <Input {...c} {...register('manufacturer')} placeholder="Enter manufacturer" />}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Pricing & Inventory">
        <div className="grid gap-4 md:grid-cols-3">
          <Field label="Sale Price (Rs.)" required error={errors.salePrice?.message}>
            {(c) => <Input {...c} {...register('salePrice')} type="number" min={0} step={0.01} placeholder="0.00" />}
          </Field>
          <Field label="Actual Price (Rs.)" required error={errors.actualPrice?.message}>
            {(c) => <Input {...c} {...register('actualPrice')} type="number" min={0} step={0.01} placeholder="0.00" />}
          </Field>
          <Field label="Stock Quantity" required error={errors.stockQuantity?.message}>
            {(c) => <Input {...c} {...register('stockQuantity')} type="number" min={0} step={1} placeholder="0" />}
          </Field>
        </div>
        {/* Issue 35: GST. Prices include it; the rate is one of the store's slabs. */}
        <div className="mt-4 grid gap-4 md:grid-cols-3">
          <Field label="HSN Code" error={errors.hsnCode?.message} hint="4 to 8 digits">
            {(c) => <Input {...c} {...register('hsnCode')} inputMode="numeric" placeholder="e.g. 6109" />}
          </Field>
          <Field label="GST Rate" error={errors.gstRate?.message} hint="Included in the prices">
            {(c) => (
              <Select {...c} {...register('gstRate')}>
                <option value="">Store default</option>
                {gstRateOptions(product?.gstRate).map((rate) => (
                  <option key={rate} value={String(rate)}>
                    {rate}%
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
      </FormSection>

      <FormSection title="Categorization">
        <div className="grid gap-4 md:grid-cols-2">
          <Controller
            control={control}
            name="category"
            render={({ field }) => (
              <Field label="Category" required error={errors.category?.message}>
                {(c) => (
                  <Select
                    {...c}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(event) => {
                      field.onChange(event.target.value);
                      // Subcategories belong to one category (spec section 4).
                      setValue('subcategory', '');
                    }}
                  >
                    <option value="">{categories.isPending ? 'Loading categories...' : 'Select a category'}</option>
                    {categoryList.map((option) => (
                      <option key={option._id} value={option._id}>
                        {option.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
          <Controller
            control={control}
            name="subcategory"
            render={({ field }) => (
              <Field label="Subcategory" error={errors.subcategory?.message}>
                {(c) => (
                  <Select {...c} {...field} disabled={subcategoryDisabled}>
                    <option value="">{subcategoryPlaceholder}</option>
                    {subcategoryList.map((option) => (
                      <option key={option._id} value={option._id}>
                        {option.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
        </div>
      </FormSection>

      {isAdmin && (
        <FormSection
          title="Vendor Assignment"
          description="Assign the product to an approved vendor, or leave it with the store (admin-owned)."
        >
          <Controller
            control={control}
            name="vendor"
            render={({ field }) => (
              <Field label="Vendor" error={errors.vendor?.message} className="md:max-w-md">
                {(c) => (
                  <Select {...c} {...field}>
                    <option value="">Admin (no vendor)</option>
                    {currentVendor && (
                      <option value={currentVendor._id}>{currentVendor.businessName || currentVendor.name}</option>
                    )}
                    {vendorList.map((vendor) => (
                      <option key={vendor._id} value={vendor._id}>
                        {vendor.businessName || vendor.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          />
        </FormSection>
      )}

      <FormSection title="Product Images" description="Upload images or add them by URL. The first is the main image.">
        <ImageUrlList
          images={images}
          onChange={(next) => setValue('images', next, { shouldDirty: true, shouldValidate: Boolean(errors.images) })}
          error={errors.images?.message}
        />
      </FormSection>

      <div className="flex justify-end gap-3">
        <ButtonLink to={returnTo()} variant="secondary">
          Cancel
        </ButtonLink>
        <Button type="submit" disabled={saving || saved}>
          {saving ? 'Saving...' : product ? 'Update Product' : 'Create Product'}
        </Button>
      </div>
    </form>
  );
}

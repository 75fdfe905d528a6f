import {
  type Vendor,
  type VendorRegisterBody,
  type VendorUpdateBody,
  vendorMessages,
  vendorRegisterBody,
  vendorStatuses,
  vendorUpdateBody,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, Input, Select, Textarea } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useCreateVendor, useUpdateVendor } from '../api';

/** The form's values: every field as typed; the status only while editing. */
export interface VendorFormValues {
  name: string;
  email: string;
  password: string;
  phoneNumber: string;
  businessName: string;
  address: string;
  status: Vendor['status'];
}

const fieldOrder = ['name', 'email', 'password', 'businessName', 'phoneNumber', 'address'] as const;

/** Every failed rule in the spec's order, joined by commas (spec section 5, Vendor form). */
export function joinedVendorErrors(errors: FieldErrors<VendorFormValues>): string {
  return fieldOrder
    .map((field) => errors[field]?.message)
    .filter((message): message is string => Boolean(message))
    .join(', ');
}

/**
 * 'Add New Vendor' / 'Edit Vendor' (spec section 2; section 5 rules): Full Name, Email
 * Address, Password, Phone Number, Business Name, Business Address and, when editing,
 * Status. Checked on submit with values trimmed; every failure joined in one 5 s toast;
 * editing a field clears its error. On edit an empty password keeps the current one and
 * the save carries the version the form opened (409 when someone saved since).
 */
export function VendorForm({
  vendor,
  onDone,
  onCancel = onDone,
  selfRegistration = false,
}: {
  vendor: Vendor | null;
  /** After a successful save. */
  onDone: () => void;
  /** Cancel: closes without saving (default: like `onDone`). */
  onCancel?: () => void;
  /** The public sign-up: the new vendor registers themselves and waits for approval. */
  selfRegistration?: boolean;
}) {
  const editing = vendor !== null;
  const title = editing ? vendorMessages.editTitle : selfRegistration ? 'Register as a Vendor' : vendorMessages.addNew;
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const busy = create.isPending || update.isPending;
  // The version the form started from, kept from its first render (decision 0018).
  const version = useRef(vendor?.updatedAt);
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<VendorFormValues>({
    resolver: async (values, context, options) => {
      const schema = editing ? vendorUpdateBody : vendorRegisterBody;
      const body = editing ? values : { ...values, status: undefined };
      // biome-ignore lint/suspicious/noExplicitAny: one resolver serves both schemas; the fields match.
      return zodResolver(schema as any)(body, context, options as any) as any;
    },
    reValidateMode: 'onSubmit',
    defaultValues: {
      name: vendor?.name ?? '',
      email: vendor?.email ?? '',
      password: '',
      phoneNumber: vendor?.phoneNumber ?? '',
      businessName: vendor?.businessName ?? '',
      address: vendor?.address ?? '',
      status: vendor?.status ?? 'pending',
    },
  });
  useUnsavedChanges(isDirty);

  const field = (name: keyof VendorFormValues) => register(name, { onChange: () => clearErrors(name) });

  const onValid = (values: VendorFormValues) => {
    const onError = (error: unknown) => {
      showServerFieldErrors(error, setError, [...fieldOrder]);
      notify.longError(errorMessage(error, vendorMessages.saveFailed));
    };
    if (vendor) {
      const toastId = notify.progress(vendorMessages.updating);
      const body: VendorUpdateBody = { ...values, updatedAt: version.current };
      update.mutate(
        { id: vendor._id, body },
        {
          onSuccess: (answer) => {
            notify.dismiss(toastId);
            notify.success(answer.message || vendorMessages.updated);
            onDone();
          },
          onError: (error) => {
            notify.dismiss(toastId);
            onError(error);
          },
        },
      );
    } else {
      const toastId = notify.progress(vendorMessages.creating);
      const { status: _ignored, ...rest } = values;
      const body: VendorRegisterBody = rest;
      create.mutate(body, {
        onSuccess: (answer) => {
          notify.dismiss(toastId);
          notify.success(answer.message || vendorMessages.created);
          onDone();
        },
        onError: (error) => {
          notify.dismiss(toastId);
          onError(error);
        },
      });
    }
  };
  const onInvalid = (fieldErrors: FieldErrors<VendorFormValues>) => notify.longError(joinedVendorErrors(fieldErrors));

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <Field label="Full Name" required error={errors.name?.message}>
          {(c) => <Input {...c} {...field('name')} autoComplete="name" />}
        </Field>
        <Field label="Email Address" required error={errors.email?.message}>
          {(c) => <Input {...c} {...field('email')} type="email" autoComplete="off" />}
        </Field>
        <Field
          label="Password"
          required={!editing}
          error={errors.password?.message}
          hint={editing ? 'Leave empty to keep the current password' : undefined}
        >
          {(c) => <Input {...c} {...field('password')} type="password" autoComplete="new-password" />}
        </Field>
        <Field label="Phone Number" required error={errors.phoneNumber?.message}>
          {(c) => <Input {...c} {...field('phoneNumber')} type="tel" />}
        </Field>
        <Field label="Business Name" required error={errors.businessName?.message}>
          {(c) => <Input {...c} {...field('businessName')} />}
        </Field>
        {editing && (
          <Field label="Status">
            {(c) => (
              <Select {...c} {...field('status')}>
                {vendorStatuses.map((status) => (
                  <option key={status} value={status}>
                    {status[0]?.toUpperCase()}
                    {status.slice(1)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        )}
        <Field label="Business Address" required error={errors.address?.message} className="md:col-span-2">
          {(c) => <Textarea {...c} {...field('address')} rows={3} />}
        </Field>
      </div>
      <div className="mt-6 flex justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {editing
            ? busy
              ? 'Updating...'
              : 'Update Vendor'
            : busy
              ? 'Creating...'
              : selfRegistration
                ? 'Register'
                : 'Create Vendor'}
        </Button>
      </div>
    </form>
  );
}

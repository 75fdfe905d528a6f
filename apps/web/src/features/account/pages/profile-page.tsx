import {
  accountMessages,
  type PasswordChangeBody,
  type Profile,
  type ProfileBody,
  passwordChangeBody,
  profileBody,
} from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Field, Input, Textarea } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useChangePassword, useProfile, useUpdateProfile } from '../api';
import { MailPreferencesSection } from '../components/mail-preferences-section';
import { TwoFactorSection } from '../components/two-factor-section';

interface ProfileFormValues {
  name: string;
  businessName: string;
  phoneNumber: string;
  address: string;
}

const joined = (errors: Record<string, { message?: string } | undefined>, order: string[]) =>
  order
    .map((key) => errors[key]?.message)
    .filter(Boolean)
    .join(', ');

/** The body of `PUT /api/auth/profile` from the form's flat fields. */
function toBody(values: ProfileFormValues, isVendor: boolean): ProfileBody {
  return {
    name: values.name,
    ...(isVendor && {
      business: { businessName: values.businessName, phoneNumber: values.phoneNumber, address: values.address },
    }),
  };
}

/** Name and, for a vendor, business details; saved with the version the form opened. */
function ProfileForm({ profile }: { profile: Profile }) {
  const save = useUpdateProfile();
  const isVendor = profile.business !== null;
  const version = useRef(profile.updatedAt);
  const {
    register,
    handleSubmit,
    clearErrors,
    reset,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues>({
    defaultValues: {
      name: profile.name,
      businessName: profile.business?.businessName ?? '',
      phoneNumber: profile.business?.phoneNumber ?? '',
      address: profile.business?.address ?? '',
    },
    reValidateMode: 'onSubmit',
    resolver: (values) => {
      const parsed = profileBody.safeParse(toBody(values, isVendor));
      if (parsed.success) return { values, errors: {} };
      const errors: FieldErrors<ProfileFormValues> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path.at(-1)) as keyof ProfileFormValues;
        errors[key] ??= { type: 'validation', message: issue.message };
      }
      return { values: {}, errors };
    },
  });
  const field = (name: keyof ProfileFormValues) => register(name, { onChange: () => clearErrors(name) });
  useUnsavedChanges(isDirty);

  const onValid = (values: ProfileFormValues) => {
    const body: ProfileBody = { ...toBody(values, isVendor), updatedAt: version.current };
    save.mutate(body, {
      onSuccess: (answer) => {
        version.current = answer.profile.updatedAt;
        // What was saved is the form's new starting point: nothing is left unsaved.
        reset(values);
        notify.success(accountMessages.profileUpdated);
      },
      onError: (error) => notify.error(errorMessage(error, 'Failed to save profile')),
    });
  };

  return (
    <form
      onSubmit={handleSubmit(onValid, (fieldErrors) =>
        notify.longError(joined(fieldErrors, ['name', 'businessName', 'phoneNumber', 'address'])),
      )}
      noValidate
      aria-label="Profile"
      className="rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">Profile</h2>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <Field label="Full Name" required error={errors.name?.message}>
          {(c) => <Input {...c} {...field('name')} autoComplete="name" />}
        </Field>
        <Field label="Email Address" hint="Ask an administrator to change your e-mail address.">
          {(c) => <Input {...c} value={profile.email} readOnly disabled />}
        </Field>
        {isVendor && (
          <>
            <Field label="Business Name" required error={errors.businessName?.message}>
              {(c) => <Input {...c} {...field('businessName')} />}
            </Field>
            <Field label="Phone Number" required error={errors.phoneNumber?.message}>
              {(c) => <Input {...c} {...field('phoneNumber')} type="tel" />}
            </Field>
            <Field label="Business Address" required error={errors.address?.message} className="md:col-span-2">
              {(c) => <Textarea {...c} {...field('address')} rows={3} />}
            </Field>
          </>
        )}
      </div>
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}

/** Security: the password, changed with the current one; every other session ends. */
function PasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<PasswordChangeBody>({
    resolver: zodResolver(passwordChangeBody),
    reValidateMode: 'onSubmit',
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const field = (name: keyof PasswordChangeBody) => register(name, { onChange: () => clearErrors(name) });
  useUnsavedChanges(isDirty);

  const onValid = (body: PasswordChangeBody) =>
    change.mutate(body, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        reset();
      },
      onError: (error) => {
        showServerFieldErrors(error, setError, ['currentPassword', 'newPassword']);
        notify.error(errorMessage(error, 'Failed to change password'));
      },
    });

  return (
    <form
      id="security"
      onSubmit={handleSubmit(onValid, (fieldErrors) =>
        notify.longError(joined(fieldErrors, ['currentPassword', 'newPassword'])),
      )}
      noValidate
      aria-label="Security"
      className="scroll-mt-24 rounded-xl border border-slate-200 bg-white p-6"
    >
      <h2 className="text-lg font-semibold text-slate-900">Security</h2>
      <p className="mt-1 text-sm text-slate-500">
        Changing your password signs you out everywhere else; this browser stays signed in.
      </p>
      <div className="mt-5 grid gap-4 md:grid-cols-2">
        <Field label="Current Password" required error={errors.currentPassword?.message}>
          {(c) => <Input {...c} {...field('currentPassword')} type="password" autoComplete="current-password" />}
        </Field>
        <Field label="New Password" required error={errors.newPassword?.message} hint="At least 6 characters">
          {(c) => <Input {...c} {...field('newPassword')} type="password" autoComplete="new-password" />}
        </Field>
      </div>
      <div className="mt-6 flex justify-end">
        <Button type="submit" disabled={change.isPending}>
          {change.isPending ? 'Changing...' : 'Change Password'}
        </Button>
      </div>
    </form>
  );
}

/**
 * Profile Settings (`/admin/profile`; the user menu's Profile Settings and Security,
 * the latter at `#security`): the user's name (a vendor's business details too) and
 * their password.
 */
export function ProfilePage() {
  useDocumentTitle('Profile Settings');
  const profile = useProfile();
  const location = useLocation();
  useEffect(() => {
    if (location.hash === '#security' && profile.data) document.getElementById('security')?.scrollIntoView();
  }, [location.hash, profile.data]);

  return (
    <div className="space-y-6">
      <PageHeader title="Profile Settings" subtitle="Your name, business details and password" />
      {profile.isPending ? (
        <Spinner label="Loading profile..." />
      ) : profile.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {errorMessage(profile.error, 'Failed to load profile')}
        </p>
      ) : (
        <>
          <ProfileForm key={profile.data.profile._id} profile={profile.data.profile} />
          <PasswordForm />
          <TwoFactorSection />
          <MailPreferencesSection />
        </>
      )}
    </div>
  );
}

import { type BankDetailsBodyInput, bankDetailsBody } from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { Field, Input } from '../../../components/ui/field';
import { notify } from '../../../components/ui/notify';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useBankDetails, useSaveBankDetails } from '../api';

const fieldOrder = ['accountHolder', 'accountNumber', 'ifsc'] as const;

/**
 * The vendor's bank details (issue 25): the account their payouts go to. The saved
 * number shows masked; saving again needs the whole number. A change holds payouts for
 * a while and tells the store's admins, against a taken-over account.
 */
export function BankDetailsForm() {
  const details = useBankDetails();
  const save = useSaveBankDetails();
  const current = details.data?.bankDetails ?? null;
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<BankDetailsBodyInput>({
    resolver: zodResolver(bankDetailsBody),
    values: { accountHolder: current?.accountHolder ?? '', accountNumber: '', ifsc: current?.ifsc ?? '' },
  });
  if (details.isPending) return <Spinner label="Loading bank details..." />;

  const onValid = (values: BankDetailsBodyInput) =>
    save.mutate(
      { ...values, updatedAt: current?.changedAt ?? null },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          reset();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, [...fieldOrder]);
          notify.longError(errorMessage(error, 'Could not save your bank details. Please try again.'));
        },
      },
    );
  const onInvalid = (fieldErrors: FieldErrors<BankDetailsBodyInput>) =>
    notify.longError(
      fieldOrder
        .map((name) => fieldErrors[name]?.message)
        .filter(Boolean)
        .join(', '),
    );

  return (
    <form
      onSubmit={handleSubmit(onValid, onInvalid)}
      noValidate
      aria-label="Bank details"
      className="rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 className="text-lg font-semibold text-slate-900">Bank details</h2>
      <p className="mt-1 text-sm text-slate-600">
        {current
          ? `Payouts go to account ${current.accountNumberMasked} (${current.ifsc}).`
          : 'Add the account your payouts go to.'}
        {current?.payoutsHeldUntil ? ` Payouts are held until ${formatDateTime(current.payoutsHeldUntil)}.` : ''}
      </p>
      <div className="mt-4 grid gap-4 md:grid-cols-3">
        <Field label="Account holder" required error={errors.accountHolder?.message}>
          {(c) => <Input {...c} autoComplete="name" {...register('accountHolder')} />}
        </Field>
        <Field label="Account number" required error={errors.accountNumber?.message}>
          {(c) => <Input {...c} inputMode="numeric" autoComplete="off" {...register('accountNumber')} />}
        </Field>
        <Field label="IFSC" required error={errors.ifsc?.message} hint="e.g. HDFC0001234">
          {(c) => <Input {...c} autoCapitalize="characters" {...register('ifsc')} />}
        </Field>
      </div>
      <div className="mt-4 flex justify-end">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save bank details'}
        </Button>
      </div>
    </form>
  );
}

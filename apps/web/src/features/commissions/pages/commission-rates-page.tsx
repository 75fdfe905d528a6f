import { type CommissionRate, type CommissionRateBodyInput, commissionRateBody } from '@haat/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ColumnDef } from '@tanstack/react-table';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DataTable } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field, Input, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatRupees } from '../../../lib/format';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useCommissionRates, useDeleteRate, useRateScopes, useSaveRate } from '../api';

const fieldOrder = ['name', 'percentage', 'categoryId', 'vendorId', 'minAmount', 'maxAmount'] as const;

/** What a rate applies to, in words. */
function scopeOf(rate: CommissionRate): string {
  if (rate.isDefault) return 'Every sale (default)';
  if (rate.vendorName && rate.categoryName) return `${rate.vendorName} in ${rate.categoryName}`;
  return rate.vendorName ?? rate.categoryName ?? '';
}

const bounds = (rate: CommissionRate) =>
  [
    rate.minAmount === null ? null : `at least ${formatRupees(rate.minAmount)}`,
    rate.maxAmount === null ? null : `at most ${formatRupees(rate.maxAmount)}`,
  ]
    .filter(Boolean)
    .join(', ') || 'None';

/** The add and edit form: name, percentage, category, vendor, floor and cap per line. */
function RateForm({ rate, onDone }: { rate: CommissionRate | null; onDone: () => void }) {
  const save = useSaveRate();
  const { categories, vendors } = useRateScopes();
  const numberOrNull = (value: unknown) => (value === '' || value === null ? null : Number(value));
  const idOrNull = (value: unknown) => (value === '' || value === null ? null : String(value));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CommissionRateBodyInput>({
    resolver: zodResolver(commissionRateBody),
    defaultValues: {
      name: rate?.name ?? '',
      percentage: rate?.percentage ?? 10,
      categoryId: rate?.categoryId ?? null,
      vendorId: rate?.vendorId ?? null,
      minAmount: rate?.minAmount ?? null,
      maxAmount: rate?.maxAmount ?? null,
    },
  });
  const onValid = (values: CommissionRateBodyInput) => {
    save.mutate(
      { id: rate?._id ?? null, body: { ...values, updatedAt: rate?.updatedAt } },
      {
        onSuccess: (answer) => {
          notify.success(answer.message);
          onDone();
        },
        onError: (error) => {
          showServerFieldErrors(error, setError, [...fieldOrder]);
          notify.longError(errorMessage(error, 'Could not save the rate. Please try again.'));
        },
      },
    );
  };
  const onInvalid = (fieldErrors: FieldErrors<CommissionRateBodyInput>) =>
    notify.longError(
      fieldOrder
        .map((name) => fieldErrors[name]?.message)
        .filter(Boolean)
        .join(', ') || 'Please check the form',
    );
  const locked = rate?.isDefault === true;
  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Commission rate" className="space-y-4">
      <Field label="Name" required error={errors.name?.message}>
        {(c) => <Input {...c} {...register('name')} />}
      </Field>
      <Field label="Percentage" required error={errors.percentage?.message} hint="Of each line's net, e.g. 12.5">
        {(c) => <Input {...c} inputMode="decimal" {...register('percentage', { setValueAs: numberOrNull })} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Category" error={errors.categoryId?.message}>
          {(c) => (
            <Select {...c} disabled={locked} {...register('categoryId', { setValueAs: idOrNull })}>
              <option value="">Any category</option>
              {(categories.data?.categories ?? []).map((category) => (
                <option key={category._id} value={category._id}>
                  {category.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Vendor" error={errors.vendorId?.message}>
          {(c) => (
            <Select {...c} disabled={locked} {...register('vendorId', { setValueAs: idOrNull })}>
              <option value="">Any vendor</option>
              {(vendors.data?.vendors ?? []).map((vendor) => (
                <option key={vendor._id} value={vendor._id}>
                  {vendor.businessName}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field label="Minimum per line (Rs.)" error={errors.minAmount?.message}>
          {(c) => <Input {...c} inputMode="decimal" {...register('minAmount', { setValueAs: numberOrNull })} />}
        </Field>
        <Field label="Maximum per line (Rs.)" error={errors.maxAmount?.message}>
          {(c) => <Input {...c} inputMode="decimal" {...register('maxAmount', { setValueAs: numberOrNull })} />}
        </Field>
      </div>
      <p className="text-xs text-slate-500">
        The most specific rate wins: vendor and category, then vendor, then category, then the default. Changes apply to
        orders placed from now on.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save rate'}
        </Button>
      </div>
    </form>
  );
}

/** What a rate's row or card can do. */
interface RateRowActions {
  onEdit: (rate: CommissionRate) => void;
  onDelete: (rate: CommissionRate) => void;
}

function RateActions({ rate, onEdit, onDelete }: RateRowActions & { rate: CommissionRate }) {
  return (
    <div className="flex justify-end gap-1">
      <Button variant="ghost" size="sm" aria-label={`Edit ${rate.name}`} onClick={() => onEdit(rate)}>
        <Pencil className="h-4 w-4" aria-hidden />
      </Button>
      {!rate.isDefault && (
        <Button variant="ghost" size="sm" aria-label={`Delete ${rate.name}`} onClick={() => onDelete(rate)}>
          <Trash2 className="h-4 w-4 text-red-600" aria-hidden />
        </Button>
      )}
    </div>
  );
}

/** The rates' columns: name, what it applies to, percentage, floor and cap, Edit and Delete. */
function columnsFor({ onEdit, onDelete }: RateRowActions): ColumnDef<CommissionRate>[] {
  return [
    {
      id: 'name',
      header: 'Name',
      size: 220,
      meta: { card: 'title' },
      cell: ({ row: { original } }) => <span className="font-medium text-slate-900">{original.name}</span>,
    },
    {
      id: 'scope',
      header: 'Applies to',
      size: 240,
      cell: ({ row: { original } }) => <span className="text-slate-600">{scopeOf(original)}</span>,
    },
    {
      id: 'percentage',
      header: 'Percentage',
      size: 120,
      meta: { className: 'text-right tabular-nums' },
      cell: ({ row: { original } }) => `${original.percentage}%`,
    },
    {
      id: 'bounds',
      header: 'Floor and cap per line',
      size: 240,
      cell: ({ row: { original } }) => <span className="text-slate-600">{bounds(original)}</span>,
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      size: 110,
      meta: { card: 'actions', label: 'Actions' },
      cell: ({ row: { original } }) => <RateActions rate={original} onEdit={onEdit} onDelete={onDelete} />,
    },
  ];
}

/**
 * Commission rates (issue 25; /admin/commission-rates, admins): the store's default and
 * the rates for categories, vendors and vendors within a category, with add, edit
 * (version-checked) and delete (not the default), on the list kit: a table on wide
 * screens, cards under 768 px.
 */
export function CommissionRatesPage() {
  useDocumentTitle('Commission rates');
  const { query, items: rates, hasMore, loadingMore, loadMore } = useCommissionRates();
  const remove = useDeleteRate();
  const [editing, setEditing] = useState<CommissionRate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CommissionRate | null>(null);
  const columns = useMemo(() => columnsFor({ onEdit: setEditing, onDelete: setDeleting }), []);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.longError(errorMessage(error, 'Could not delete the rate. Please try again.')),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <div>
      <PageHeader
        title="Commission rates"
        subtitle="What the store keeps of each sale, frozen on the order when it is placed"
        actions={
          <Button onClick={() => setEditing('new')}>
            <Plus className="h-4 w-4" aria-hidden /> Add rate
          </Button>
        }
      />
      {query.isPending ? (
        <Spinner label="Loading rates..." />
      ) : query.isError && rates.length === 0 ? (
        <EmptyState title="Could not load the commission rates" description={errorMessage(query.error, '')} />
      ) : (
        <DataTable
          label="Commission rates"
          columns={columns}
          data={rates}
          getRowId={(rate) => rate._id}
          hasMore={hasMore}
          loadingMore={loadingMore}
          onEndReached={loadMore}
          loadingMoreLabel="Loading more rates..."
          estimateRowHeight={56}
          cardLabel={(rate) => rate.name}
        />
      )}
      {editing !== null && (
        <Modal
          title={editing === 'new' ? 'Add commission rate' : 'Edit commission rate'}
          onClose={() => setEditing(null)}
        >
          <RateForm rate={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        </Modal>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete commission rate"
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          onConfirm={confirmDelete}
          onCancel={() => setDeleting(null)}
        >
          <p>
            Delete “{deleting.name}”? Orders already placed keep the commission they were charged; later sales take the
            next most specific rate.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

import { PRODUCT_BULK_LIMIT, type ProductBulkAction } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { formatNumber } from '../../../lib/format';
import { useCategoryOptions } from '../api';
import { RejectDialog } from './reject-dialog';

/** What the action does, as its confirmation says it (`{n}` products). */
const consequences: Record<Exclude<ProductBulkAction, 'reject' | 'move'>, { verb: string; text: string }> = {
  approve: {
    verb: 'Approve',
    text: 'Each one awaiting approval is approved and goes live on the storefront. The others are skipped.',
  },
  activate: { verb: 'Activate', text: 'Each approved product is made active and shows on the storefront.' },
  deactivate: { verb: 'Deactivate', text: 'Each approved product is made inactive and leaves the storefront.' },
  delete: {
    verb: 'Delete',
    text: 'Each product is deleted with its images; past orders keep their lines. This cannot be undone.',
  },
};

/** What a bulk action sends besides the selection: a rejection's reason, a move's category. */
export interface BulkExtras {
  reason?: string;
  category?: string;
}

const productsWord = (count: number) => `${formatNumber(count)} ${count === 1 ? 'product' : 'products'}`;

/**
 * The bar over the product list while products are selected (issue 26 'Bulk actions'):
 * how many are selected, "Select all N matching these filters" when more match than are
 * loaded, and the actions. Each action asks first, saying how many products and what
 * happens to them; Reject asks for one reason for all, Move for the category.
 */
export function ProductBulkBar({
  count,
  matching,
  allMatching,
  busy,
  onSelectAllMatching,
  onClear,
  onAction,
}: {
  /** Products selected (all matching ones when `allMatching`). */
  count: number;
  /** Products matching the filters, or 'unknown' past the server's count bound. */
  matching: number | 'unknown';
  allMatching: boolean;
  busy: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** Runs the action; settles when the server has answered. */
  onAction: (action: ProductBulkAction, extras: BulkExtras) => Promise<void>;
}) {
  const [asking, setAsking] = useState<ProductBulkAction | null>(null);
  const more = matching === 'unknown' || matching > count;
  const canSelectAll = !allMatching && typeof matching === 'number' && more && matching <= PRODUCT_BULK_LIMIT;
  const subject = productsWord(count);
  // The question stays up, busy, until the answer comes.
  const run = (action: ProductBulkAction, extras: BulkExtras = {}) =>
    void onAction(action, extras).finally(() => setAsking(null));

  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-2 rounded-xl border border-brand-700/30 bg-blue-50 p-3 text-sm"
    >
      <p className="font-medium text-slate-900" aria-live="polite">
        {allMatching ? `All ${subject} matching these filters selected` : `${subject} selected`}
      </p>
      {canSelectAll && (
        <Button variant="ghost" size="sm" onClick={onSelectAllMatching}>
          Select all {productsWord(matching as number)} matching these filters
        </Button>
      )}
      {!allMatching && more && !canSelectAll && (
        <p className="text-xs text-slate-600">
          Up to {formatNumber(PRODUCT_BULK_LIMIT)} at a time: narrow the filters to act on all of them.
        </p>
      )}
      <div className="flex flex-wrap gap-2 sm:ml-auto">
        <Button size="sm" variant="success" disabled={busy} onClick={() => setAsking('approve')}>
          Approve
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking('reject')}>
          Reject
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking('activate')}>
          Activate
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking('deactivate')}>
          Deactivate
        </Button>
        <Button size="sm" variant="secondary" disabled={busy} onClick={() => setAsking('move')}>
          Move to category
        </Button>
        <Button size="sm" variant="danger" disabled={busy} onClick={() => setAsking('delete')}>
          Delete
        </Button>
        <Button size="sm" variant="ghost" disabled={busy} onClick={onClear}>
          Clear selection
        </Button>
      </div>

      {asking === 'reject' && (
        <RejectDialog
          title={`Reject ${subject}?`}
          subject={subject}
          confirmLabel="Reject"
          busy={busy}
          onConfirm={(reason) => run('reject', { reason })}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking === 'move' && (
        <MoveDialog
          subject={subject}
          busy={busy}
          onConfirm={(category) => run('move', { category })}
          onCancel={() => setAsking(null)}
        />
      )}
      {asking && asking !== 'reject' && asking !== 'move' && (
        <ConfirmDialog
          title={`${consequences[asking].verb} ${subject}?`}
          confirmLabel={consequences[asking].verb}
          busyLabel="Working..."
          busy={busy}
          onConfirm={() => run(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{consequences[asking].text}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

/** Move's question: which category the products go to (their subcategory is cleared). */
function MoveDialog({
  subject,
  busy,
  onConfirm,
  onCancel,
}: {
  subject: string;
  busy: boolean;
  onConfirm: (category: string) => void;
  onCancel: () => void;
}) {
  const categories = useCategoryOptions();
  const [category, setCategory] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!category) return setError('Choose the category to move the products to');
    onConfirm(category);
  };
  return (
    <Modal title={`Move ${subject}?`} onClose={onCancel} busy={busy}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <p className="text-sm text-slate-600">
          Each product moves to the category you choose; its subcategory is cleared.
        </p>
        <Field label="Category" required error={error}>
          {(control) => (
            <Select
              {...control}
              autoFocus
              value={category}
              onChange={(event) => {
                setCategory(event.target.value);
                setError(undefined);
              }}
            >
              <option value="">Select a category</option>
              {(categories.data?.categories ?? []).map((option) => (
                <option key={option._id} value={option._id}>
                  {option.name}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <div className="flex justify-end gap-3">
          <Button type="button" variant="secondary" disabled={busy} onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Moving...' : 'Move'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** A bulk action's answer as the screen shows it: the summary and each refused product by name. */
export interface BulkResultView {
  message: string;
  refused: { name: string; message: string }[];
}

/** How many refused products the result lists by name before saying how many more. */
const LISTED_REFUSALS = 20;

/**
 * The last bulk action's result ("287 approved, 3 skipped") with each skipped product
 * and why, until dismissed: the toast goes, this stays to be read.
 */
export function BulkResult({ result, onDismiss }: { result: BulkResultView; onDismiss: () => void }) {
  const listed = result.refused.slice(0, LISTED_REFUSALS);
  const unlisted = result.refused.length - listed.length;
  return (
    <section
      aria-label="Bulk action result"
      className="mb-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-700"
    >
      <div className="flex items-start justify-between gap-3">
        <p role="status" className="font-medium text-slate-900">
          {result.message}
        </p>
        <Button size="sm" variant="ghost" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
      {listed.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {listed.map((refusal, index) => (
            // A product may be refused once only; the index keeps two of one name apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list is replaced whole, never reordered.
            <li key={index}>
              <span className="font-medium text-slate-900">{refusal.name}</span>: {refusal.message}
            </li>
          ))}
          {unlisted > 0 && <li>and {formatNumber(unlisted)} more</li>}
        </ul>
      )}
    </section>
  );
}

import type { ProductBulkAction } from '@haat/contract';
import { type FormEvent, useState } from 'react';
import { BulkBar, countOf } from '../../../components/ui/bulk-bar';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Field, Select } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { useCategoryOptions } from '../api';
import { RejectDialog } from './reject-dialog';

/** What the action does, as its confirmation says it. */
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

const products = { one: 'product', many: 'products' };

/** Every bulk action the bar offers, in its order. */
const allActions: readonly ProductBulkAction[] = ['approve', 'reject', 'activate', 'deactivate', 'move', 'delete'];

/**
 * The product list's bulk actions (issue 26 'Bulk actions'), in the shared `BulkBar`:
 * Approve, Reject, Activate, Deactivate, Move to category and Delete (or the `actions`
 * given: the review queue offers Approve and Reject). Each asks first, saying how many
 * products and what happens to them; Reject asks for one reason for all, Move for the
 * category.
 */
export function ProductBulkBar({
  count,
  matching,
  allMatching,
  busy,
  onSelectAllMatching,
  onClear,
  onAction,
  actions = allActions,
}: {
  count: number;
  matching: number | 'unknown';
  allMatching: boolean;
  busy: boolean;
  /** Offered when the list can act on its filter (the product list; not the review queue). */
  onSelectAllMatching?: () => void;
  onClear: () => void;
  /** Runs the action; settles when the server has answered. */
  onAction: (action: ProductBulkAction, extras: BulkExtras) => Promise<void>;
  /** The actions offered (all of them unless told). */
  actions?: readonly ProductBulkAction[];
}) {
  const offers = (action: ProductBulkAction) => actions.includes(action);
  const [asking, setAsking] = useState<ProductBulkAction | null>(null);
  const subject = countOf(count, products);
  // The question stays up, busy, until the answer comes.
  const run = (action: ProductBulkAction, extras: BulkExtras = {}) =>
    void onAction(action, extras).finally(() => setAsking(null));
  const ask = (action: ProductBulkAction) => () => setAsking(action);

  return (
    <BulkBar
      noun={products}
      count={count}
      matching={matching}
      allMatching={allMatching}
      busy={busy}
      onSelectAllMatching={onSelectAllMatching}
      // A selection past the server's at-once limit runs as a background job (decision 0112).
      selectAllLimit={Number.POSITIVE_INFINITY}
      onClear={onClear}
    >
      {offers('approve') && (
        <Button size="sm" variant="success" disabled={busy} onClick={ask('approve')}>
          Approve
        </Button>
      )}
      {offers('reject') && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={ask('reject')}>
          Reject
        </Button>
      )}
      {offers('activate') && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={ask('activate')}>
          Activate
        </Button>
      )}
      {offers('deactivate') && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={ask('deactivate')}>
          Deactivate
        </Button>
      )}
      {offers('move') && (
        <Button size="sm" variant="secondary" disabled={busy} onClick={ask('move')}>
          Move to category
        </Button>
      )}
      {offers('delete') && (
        <Button size="sm" variant="danger" disabled={busy} onClick={ask('delete')}>
          Delete
        </Button>
      )}

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
    </BulkBar>
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

import type { Product } from '@haat/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * The product list's delete confirmation (spec section 2): 'This action cannot be
 * undone', the warning that the product goes with its data, images and sales
 * history, Cancel and 'Delete Product' ('Deleting...').
 */
export function DeleteProductDialog({
  product,
  busy,
  onConfirm,
  onCancel,
}: {
  product: Product;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <ConfirmDialog
      title="Delete Product"
      confirmLabel="Delete Product"
      busyLabel="Deleting..."
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="font-medium text-red-700">This action cannot be undone</p>
      <p>
        The product <strong className="text-slate-900">{product.name}</strong> will be permanently removed, along with
        all its data, images and sales history.
      </p>
    </ConfirmDialog>
  );
}

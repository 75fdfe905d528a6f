import type { Product } from '@haat/contract';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * The product list's delete confirmation (spec section 2): 'This action cannot be
 * undone', the warning that the product goes with its data and images, Cancel and
 * 'Delete Product' ('Deleting...'). The spec's dialog says its sales history goes too;
 * it does not (order lines keep their copy, issue 27), so the dialog says what happens.
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
        its data and images. Orders that sold it keep their lines: the name, price and quantity as sold.
      </p>
    </ConfirmDialog>
  );
}

import type { Product } from '@haat/contract';
import { createContext, useContext } from 'react';

/**
 * The product list's selection for bulk actions (issue 26), shared with the table's
 * checkbox cells through context, so the columns stay the same objects while the
 * selection changes (and a checkbox keeps its focus when pressed).
 */
export interface ProductSelection {
  isSelected: (id: string) => boolean;
  toggle: (product: Product) => void;
  /** Every loaded row is selected. */
  allLoaded: boolean;
  /** Some, not all, loaded rows are selected. */
  someLoaded: boolean;
  toggleAllLoaded: () => void;
}

export const ProductSelectionContext = createContext<ProductSelection | null>(null);

/** The header's checkbox: selects every loaded product, or clears them. */
export function SelectAllLoaded() {
  const selection = useContext(ProductSelectionContext);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label="Select all loaded products"
      className="h-4 w-4 accent-brand-700"
      checked={selection.allLoaded}
      ref={(box) => {
        if (box) box.indeterminate = selection.someLoaded;
      }}
      onChange={selection.toggleAllLoaded}
    />
  );
}

/** A row's checkbox, named after its product. */
export function SelectProduct({ product }: { product: Product }) {
  const selection = useContext(ProductSelectionContext);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={`Select ${product.name}`}
      className="h-4 w-4 accent-brand-700"
      checked={selection.isSelected(product._id)}
      onChange={() => selection.toggle(product)}
    />
  );
}

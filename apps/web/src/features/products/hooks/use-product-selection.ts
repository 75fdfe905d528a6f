import type { Product } from '@haat/contract';
import { useCallback, useMemo, useState } from 'react';
import type { ProductSelection } from '../components/product-selection';

/**
 * The product list's selection for bulk actions (issue 26): the products picked by
 * hand, each kept with the version shown (so a product saved since is refused), or
 * "all matching these filters". Changing the filters clears it: a selection belongs to
 * the list it was made on.
 * @param products the rows loaded so far.
 * @param filtersKey the applied filters, as one string.
 */
export function useProductSelection(products: Product[], filtersKey: string) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Product>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [selectedFor, setSelectedFor] = useState(filtersKey);
  if (selectedFor !== filtersKey) {
    setSelectedFor(filtersKey);
    setSelected(new Map());
    setAllMatching(false);
  }

  const toggle = useCallback((product: Product) => {
    setAllMatching(false);
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(product._id)) next.delete(product._id);
      else next.set(product._id, product);
      return next;
    });
  }, []);
  const allLoaded = products.length > 0 && products.every((product) => selected.has(product._id));
  const someLoaded = !allLoaded && products.some((product) => selected.has(product._id));
  const clear = useCallback(() => {
    setSelected(new Map());
    setAllMatching(false);
  }, []);

  const context = useMemo<ProductSelection>(
    () => ({
      isSelected: (id) => allMatching || selected.has(id),
      toggle,
      allLoaded: allMatching || allLoaded,
      someLoaded: !allMatching && someLoaded,
      toggleAllLoaded: () => {
        setAllMatching(false);
        setSelected(allLoaded || allMatching ? new Map() : new Map(products.map((product) => [product._id, product])));
      },
    }),
    [allMatching, allLoaded, someLoaded, products, selected, toggle],
  );

  return {
    context,
    selected,
    allMatching,
    /** "Select all N matching these filters": the server acts on the filter, not on ids. */
    selectAllMatching: () => setAllMatching(true),
    clear,
  };
}

import { useCallback, useMemo, useState } from 'react';

/**
 * A list's selection for bulk actions (issue 26): the rows picked by hand, each kept as
 * shown (its version goes with the action, so a record saved since is refused), or "all
 * matching these filters". Changing the filters clears it: a selection belongs to the
 * list it was made on.
 * @param rows the rows loaded so far.
 * @param filtersKey the applied filters, as one string.
 */
export function useRowSelection<Row extends { _id: string }>(rows: readonly Row[], filtersKey: string) {
  const [selected, setSelected] = useState<ReadonlyMap<string, Row>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [selectedFor, setSelectedFor] = useState(filtersKey);
  if (selectedFor !== filtersKey) {
    setSelectedFor(filtersKey);
    setSelected(new Map());
    setAllMatching(false);
  }

  const toggle = useCallback((row: Row) => {
    setAllMatching(false);
    setSelected((previous) => {
      const next = new Map(previous);
      if (next.has(row._id)) next.delete(row._id);
      else next.set(row._id, row);
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setSelected(new Map());
    setAllMatching(false);
  }, []);
  const allLoaded = allMatching || (rows.length > 0 && rows.every((row) => selected.has(row._id)));
  const someLoaded = !allLoaded && rows.some((row) => selected.has(row._id));

  const context = useMemo<RowSelection<Row>>(
    () => ({
      isSelected: (id) => allMatching || selected.has(id),
      toggle,
      allLoaded,
      someLoaded,
      toggleAllLoaded: () => {
        setAllMatching(false);
        setSelected(allLoaded ? new Map() : new Map(rows.map((row) => [row._id, row])));
      },
    }),
    [allMatching, allLoaded, someLoaded, rows, selected, toggle],
  );

  return {
    context,
    selected,
    /** How many are selected by hand (all matching: the list's total, which the caller knows). */
    count: selected.size,
    allMatching,
    /** "Select all N matching these filters": the server acts on the filter, not on ids. */
    selectAllMatching: () => setAllMatching(true),
    clear,
    /** The selected rows' ids and versions as shown, in one order (`ids`, `versions` of a bulk body). */
    idsAndVersions: (versionOf: (row: Row) => string) => {
      const chosen = [...selected.values()];
      return { ids: chosen.map((row) => row._id), versions: chosen.map(versionOf) };
    },
  };
}

/** What a list's checkboxes read and do (`components/ui/row-selection.tsx`). */
export interface RowSelection<Row> {
  isSelected: (id: string) => boolean;
  toggle: (row: Row) => void;
  /** Every loaded row is selected (or all matching). */
  allLoaded: boolean;
  /** Some, not all, loaded rows are selected. */
  someLoaded: boolean;
  toggleAllLoaded: () => void;
}

import { createContext, type ReactNode, useContext } from 'react';
import type { RowSelection } from '../../lib/use-row-selection';

/**
 * A list's checkboxes for bulk actions (issue 26), reading the selection through
 * context, so a table's columns stay the same objects while the selection changes (and
 * a checkbox keeps its focus when pressed). Render them inside `RowSelectionProvider`;
 * outside one (a vendor's list) they render nothing.
 */
// biome-ignore lint/suspicious/noExplicitAny: the provider holds any list's selection; each box names its row.
const RowSelectionContext = createContext<RowSelection<any> | null>(null);

export function RowSelectionProvider<Row>({
  selection,
  children,
}: {
  selection: RowSelection<Row> | null;
  children: ReactNode;
}) {
  return <RowSelectionContext.Provider value={selection}>{children}</RowSelectionContext.Provider>;
}

const boxClassName = 'h-4 w-4 accent-brand-700';

/** The header's checkbox: selects every loaded row, or clears them. `label`: 'Select all loaded orders'. */
export function SelectAllLoaded({ label }: { label: string }) {
  const selection = useContext(RowSelectionContext);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={label}
      className={boxClassName}
      checked={selection.allLoaded}
      ref={(box) => {
        if (box) box.indeterminate = selection.someLoaded;
      }}
      onChange={selection.toggleAllLoaded}
    />
  );
}

/** A row's checkbox; `label` names its record ('Select Galaxy Phone'). */
export function SelectRow<Row extends { _id: string }>({ row, label }: { row: Row; label: string }) {
  const selection = useContext(RowSelectionContext);
  if (!selection) return null;
  return (
    <input
      type="checkbox"
      aria-label={label}
      className={boxClassName}
      checked={selection.isSelected(row._id)}
      onChange={() => selection.toggle(row)}
    />
  );
}

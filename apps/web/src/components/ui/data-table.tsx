import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';

declare module '@tanstack/react-table' {
  // Type parameters must match the library's declaration to merge with it.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (alignment, padding). */
    className?: string;
  }
}

export interface DataTableProps<TData> {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<TData>[];
  /** The rows loaded so far. */
  data: TData[];
  getRowId: (row: TData) => string;
  /** Rows there are in all, loaded or not (for assistive technology); defaults to the loaded count. */
  totalRows?: number;
  /** Asked for more rows when the user scrolls near the end of the loaded ones. */
  onEndReached?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
  loadingMoreLabel?: string;
  /** A typical row's height in px; real heights are measured as rows render. */
  estimateRowHeight?: number;
  /** How many rows from the end asking for more starts. */
  endReachedThreshold?: number;
  /** Classes of the scrolling box; it needs a bounded height for rows to be virtualised. */
  className?: string;
}

/**
 * A table that renders only the rows in view, so tens of thousands of loaded rows
 * scroll as smoothly as a few hundred, and asks for the next page as the user nears
 * the end (the screen decides what a page is). Columns are @tanstack/react-table
 * definitions; `size` fixes a column's width in px.
 */
export function DataTable<TData>({
  label,
  columns,
  data,
  getRowId,
  totalRows,
  onEndReached,
  hasMore = false,
  loadingMore = false,
  loadingMoreLabel = 'Loading more...',
  estimateRowHeight = 64,
  endReachedThreshold = 10,
  className = 'max-h-[70vh]',
}: DataTableProps<TData>) {
  const table = useReactTable({ data, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  const rows = table.getRowModel().rows;
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (!onEndReached || !hasMore || loadingMore || lastIndex < 0) return;
    if (lastIndex >= rows.length - 1 - endReachedThreshold) onEndReached();
  }, [lastIndex, rows.length, hasMore, loadingMore, onEndReached, endReachedThreshold]);

  // Spacer rows stand in for the rows above and below the window, keeping the
  // scrollbar true to the whole list while the table stays a real table.
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;

  return (
    <div ref={scrollRef} className={`overflow-auto rounded-xl border border-slate-200 bg-white ${className}`}>
      <table
        aria-label={label}
        aria-rowcount={(totalRows ?? rows.length) + 1}
        className="w-full min-w-[68rem] table-fixed border-collapse text-left text-sm"
      >
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-500 shadow-[0_1px_0_0_rgb(226_232_240)]">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  style={header.column.columnDef.size ? { width: header.column.columnDef.size } : undefined}
                  className={`px-4 py-3 font-semibold ${header.column.columnDef.meta?.className ?? ''}`}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className="border-t border-slate-100 align-middle hover:bg-slate-50/70"
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-4 py-3 ${cell.column.columnDef.meta?.className ?? ''}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden>
              <td colSpan={columnCount} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
      {loadingMore && (
        <p role="status" className="py-3 text-center text-sm text-slate-500">
          {loadingMoreLabel}
        </p>
      )}
    </div>
  );
}

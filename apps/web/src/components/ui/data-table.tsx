import { type ColumnDef, flexRender, getCoreRowModel, type RowData, useReactTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { createContext, type ReactNode, useContext, useEffect, useRef, useState } from 'react';
import { NARROW_SCREEN, useMediaQuery } from '../../lib/use-media-query';
import { LoadMore } from './load-more';

declare module '@tanstack/react-table' {
  // Type parameters must match the library's declaration to merge with it.
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes for the column's header and cells (alignment, padding). */
    className?: string;
    /**
     * Its place on a card (under 768 px): `title` at the top, `field` a labelled line
     * (the default), `actions` the card's foot, `hidden` not on the card.
     */
    card?: 'title' | 'field' | 'actions' | 'hidden';
    /** The label on a card and in the sort choice, for a column whose header is not plain text. */
    label?: string;
    /** The server can order the list by this column (`sort`, `onSortChange`). */
    sortable?: boolean;
  }
}

/** The order a list is asked for: a sortable column and a direction. */
export interface DataTableSort {
  column: string;
  direction: 'asc' | 'desc';
}

/** How a DataTable is shown: rows of a table, or a card per row (phones). */
export type DataTableLayout = 'table' | 'cards';

const LayoutContext = createContext<DataTableLayout>('table');

/** Whether the cell being rendered sits in a table row or on a card. */
export function useDataTableLayout(): DataTableLayout {
  return useContext(LayoutContext);
}

export interface DataTableProps<TData> {
  /** The table's accessible name. */
  label: string;
  columns: ColumnDef<TData>[];
  /** The rows loaded so far. */
  data: TData[];
  getRowId: (row: TData) => string;
  /**
   * Rows there are in all, loaded or not (for assistive technology); defaults to the
   * loaded count. `'unknown'` when the server stopped counting ('10,000+', decision 0027).
   */
  totalRows?: number | 'unknown';
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
  /** `auto` (the default): cards under 768 px, a table from there up. */
  layout?: DataTableLayout | 'auto';
  /** A card's accessible name (the record's name); a card is unnamed without it. */
  cardLabel?: (row: TData) => string;
  /** The order the rows are in; null for the list's default. */
  sort?: DataTableSort | null;
  /** Asks for another order: a sortable column's header cycles ascending, descending, default. */
  onSortChange?: (sort: DataTableSort | null) => void;
  /**
   * The table's scrolling box takes the keyboard's focus (a region named '<label>,
   * scrollable'), so the keyboard can scroll it: for a list whose rows hold no link or
   * button to focus (axe's scrollable-region-focusable).
   */
  keyboardScroll?: boolean;
}

/** The plain-text name of a column: its `meta.label`, else its header when that is text. */
function columnLabel<TData>(column: ColumnDef<TData>): string {
  if (column.meta?.label) return column.meta.label;
  return typeof column.header === 'string' ? column.header : (column.id ?? '');
}

const nextSort = (current: DataTableSort | null | undefined, column: string): DataTableSort | null => {
  if (current?.column !== column) return { column, direction: 'asc' };
  return current.direction === 'asc' ? { column, direction: 'desc' } : null;
};

/** A column's width when it names none, in px. */
const DEFAULT_COLUMN_WIDTH = 150;

/** The least width of a table of `columns`: the sum of their `size`s (`DEFAULT_COLUMN_WIDTH` for one with none). */
export function minimumWidth<TData>(columns: readonly ColumnDef<TData>[]): number {
  return columns.reduce((sum, column) => sum + (column.size ?? DEFAULT_COLUMN_WIDTH), 0);
}

/**
 * A list of records shown two ways (issue 12): from 768 px up, a table that renders
 * only the rows in view, so tens of thousands of loaded rows scroll as smoothly as a few
 * hundred, and asks for the next page as the user nears the end; under 768 px, a card
 * per record (title, labelled fields, actions at the foot, so every action is reachable
 * without sideways scrolling) with the next page loading as the user scrolls. Columns
 * are @tanstack/react-table definitions; `size` fixes a column's width in px; `meta`
 * places a column on the card and marks it sortable. Sorting is the server's: the
 * table only reports the order asked for (decision 0052).
 */
export function DataTable<TData>(props: DataTableProps<TData>) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const layout = props.layout === 'table' || props.layout === 'cards' ? props.layout : narrow ? 'cards' : 'table';
  return (
    <LayoutContext.Provider value={layout}>
      {layout === 'cards' ? <DataCards {...props} /> : <VirtualTable {...props} />}
    </LayoutContext.Provider>
  );
}

/**
 * Cards a list wholly loaded in the browser (no `onEndReached`) shows at first, and adds
 * each time its foot scrolls near: a card is not virtualised as a table row is, so a
 * month's statement of thousands of entries would otherwise put every one of them on a
 * phone's page at once.
 */
export const CARDS_BATCH = 50;

/**
 * The phone's layout: a card per row, the sort as a choice above them. A list the server
 * pages grows page by page; a list given whole shows `CARDS_BATCH` cards more at a time.
 */
function DataCards<TData>({
  label,
  columns,
  data,
  getRowId,
  onEndReached,
  hasMore = false,
  loadingMore = false,
  cardLabel,
  sort,
  onSortChange,
}: DataTableProps<TData>) {
  const table = useReactTable({ data, columns, getRowId, getCoreRowModel: getCoreRowModel() });
  const sortable = columns.filter((column) => column.meta?.sortable && column.id);
  const place = (column: ColumnDef<TData>) => column.meta?.card ?? 'field';
  const [shown, setShown] = useState(CARDS_BATCH);
  const rows = table.getRowModel().rows;
  const wholeInBrowser = onEndReached === undefined;
  const visibleRows = wholeInBrowser ? rows.slice(0, shown) : rows;

  return (
    <div>
      {onSortChange && sortable.length > 0 && (
        <label className="mb-3 flex items-center justify-end gap-2 text-sm text-slate-600">
          Sort by
          <select
            value={sort ? `${sort.column}:${sort.direction}` : ''}
            onChange={(event) => {
              const [column, direction] = event.target.value.split(':');
              onSortChange(column && direction ? { column, direction: direction as DataTableSort['direction'] } : null);
            }}
            className="rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm"
          >
            <option value="">Default order</option>
            {sortable.flatMap((column) => [
              <option key={`${column.id}:asc`} value={`${column.id}:asc`}>
                {columnLabel(column)}, ascending
              </option>,
              <option key={`${column.id}:desc`} value={`${column.id}:desc`}>
                {columnLabel(column)}, descending
              </option>,
            ])}
          </select>
        </label>
      )}
      <ul aria-label={label} className="space-y-3">
        {visibleRows.map((row) => {
          const cells = row.getVisibleCells();
          const part = (which: string) => cells.filter((cell) => place(cell.column.columnDef) === which);
          return (
            <li key={row.id}>
              <article
                aria-label={cardLabel?.(row.original)}
                className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm"
              >
                {part('title').map((cell) => (
                  <div key={cell.id} className="mb-3 min-w-0">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
                <dl className="grid grid-cols-[minmax(0,6.5rem)_minmax(0,1fr)] gap-x-3 gap-y-2">
                  {part('field').map((cell) => (
                    <CardField key={cell.id} label={columnLabel(cell.column.columnDef)}>
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </CardField>
                  ))}
                </dl>
                {part('actions').map((cell) => (
                  <div key={cell.id} className="mt-3 flex flex-wrap justify-end gap-2 border-t border-slate-100 pt-3">
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </div>
                ))}
              </article>
            </li>
          );
        })}
      </ul>
      <LoadMore
        hasMore={wholeInBrowser ? rows.length > shown : hasMore}
        loading={!wholeInBrowser && loadingMore}
        onLoadMore={onEndReached ?? (() => setShown((count) => count + CARDS_BATCH))}
      />
    </div>
  );
}

function CardField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-500">{label}</dt>
      <dd className="min-w-0 break-words text-slate-900">{children}</dd>
    </>
  );
}

/** The wide layout: a virtualised table with sortable headers. */
function VirtualTable<TData>({
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
  sort,
  onSortChange,
  keyboardScroll = false,
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
    <div
      ref={scrollRef}
      className={`overflow-auto rounded-xl border border-slate-200 bg-white ${className}`}
      {...(keyboardScroll && { role: 'region', 'aria-label': `${label}, scrollable`, tabIndex: 0 })}
    >
      <table
        aria-label={label}
        aria-rowcount={totalRows === 'unknown' ? -1 : (totalRows ?? rows.length) + 1}
        // As wide as its columns' widths at the least (a narrower box scrolls it), so a
        // list whose columns fit 1280 px fits it (issue 27).
        style={{ minWidth: minimumWidth(columns) }}
        className="w-full table-fixed border-collapse text-left text-sm"
      >
        <thead className="sticky top-0 z-10 bg-slate-50 text-xs uppercase tracking-wide text-slate-500 shadow-[0_1px_0_0_rgb(226_232_240)]">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} aria-rowindex={1}>
              {group.headers.map((header) => {
                const definition = header.column.columnDef;
                const sortableHere = Boolean(onSortChange && definition.meta?.sortable);
                const sortedHere = sort?.column === header.column.id ? sort.direction : null;
                const content = header.isPlaceholder ? null : flexRender(definition.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={
                      sortableHere
                        ? sortedHere
                          ? sortedHere === 'asc'
                            ? 'ascending'
                            : 'descending'
                          : 'none'
                        : undefined
                    }
                    style={definition.size ? { width: definition.size } : undefined}
                    className={`px-4 py-3 font-semibold ${definition.meta?.className ?? ''}`}
                  >
                    {sortableHere ? (
                      <button
                        type="button"
                        onClick={() => onSortChange?.(nextSort(sort, header.column.id))}
                        className="-mx-1 inline-flex items-center gap-1 rounded px-1 uppercase tracking-wide hover:text-slate-800"
                      >
                        {content}
                        {sortedHere === 'asc' ? (
                          <ArrowUp className="h-3.5 w-3.5" aria-hidden />
                        ) : sortedHere === 'desc' ? (
                          <ArrowDown className="h-3.5 w-3.5" aria-hidden />
                        ) : (
                          <ArrowUpDown className="h-3.5 w-3.5 opacity-50" aria-hidden />
                        )}
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
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

/**
 * Text that may run long with no place to break (a SKU, a brand, a name; issue 12). In
 * a table cell it is cut to one line with an ellipsis, the whole text in its tooltip
 * on hover and shown in full, wrapped, while it has the keyboard's focus; on a card it
 * wraps anywhere, so it never spills out of the card. `lines={2}` lets a name wrap onto a
 * second line before it is cut (a product's name read 22 characters on one; issue 33).
 */
export function LongText({ text, className = '', lines = 1 }: { text: string; className?: string; lines?: 1 | 2 }) {
  const layout = useDataTableLayout();
  if (layout === 'cards') return <span className={`block [overflow-wrap:anywhere] ${className}`}>{text}</span>;
  const cut = lines === 2 ? 'line-clamp-2 [overflow-wrap:anywhere] focus:line-clamp-none' : 'truncate';
  return (
    <span
      // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how a keyboard user reveals the cut text.
      tabIndex={0}
      title={text}
      className={`block ${cut} rounded focus:whitespace-normal focus:[overflow-wrap:anywhere] focus:outline-2 focus:outline-pink-400 ${className}`}
    >
      {text}
    </span>
  );
}

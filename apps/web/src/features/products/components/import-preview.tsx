import {
  type ImportCounts,
  type ImportError,
  type ImportField,
  type ImportMapping,
  type ImportOutcome,
  type ImportPreviewRow,
  importFieldLabels,
  importFields,
  requiredImportFields,
} from '@haat/contract';
import type { ColumnDef } from '@tanstack/react-table';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { DataTable, LongText } from '../../../components/ui/data-table';
import { Field, Select } from '../../../components/ui/field';
import { formatNumber, formatRupees } from '../../../lib/format';

/**
 * The parts of the Import products screen (issue 26 'Imports'): which column holds each
 * field, the counts, the first rows as they will be saved, and the rows that will be
 * refused with their line and the field's message.
 */

/** The words and colour of each row's outcome. */
const outcomes: Record<ImportOutcome, { label: string; tone: BadgeTone }> = {
  create: { label: 'New', tone: 'green' },
  update: { label: 'Update', tone: 'blue' },
  unchanged: { label: 'Unchanged', tone: 'grey' },
  refused: { label: 'Refused', tone: 'red' },
};

/** A select per field: the file's column that fills it, or none. */
export function ImportMappingForm({
  columns,
  mapping,
  disabled,
  onChange,
}: {
  columns: readonly string[];
  mapping: ImportMapping;
  disabled: boolean;
  onChange: (mapping: ImportMapping) => void;
}) {
  const choose = (field: ImportField, value: string) => {
    const next: ImportMapping = { ...mapping };
    if (value === '') delete next[field];
    else next[field] = Number(value);
    onChange(next);
  };
  return (
    <fieldset className="grid gap-x-4 gap-y-3 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-3 text-base font-semibold text-slate-900">Columns</legend>
      {importFields.map((field) => (
        <Field key={field} label={importFieldLabels[field]} required={requiredImportFields.includes(field)}>
          {(control) => (
            <Select
              {...control}
              value={mapping[field] === undefined ? '' : String(mapping[field])}
              disabled={disabled}
              onChange={(event) => choose(field, event.target.value)}
            >
              <option value="">Not imported</option>
              {columns.map((column, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat a name; its place is its identity.
                <option key={index} value={index}>
                  {column || `Column ${index + 1}`}
                </option>
              ))}
            </Select>
          )}
        </Field>
      ))}
    </fieldset>
  );
}

/** "747 rows: 700 new, 40 updates, 0 unchanged, 7 refused". */
export function importCountsText(counts: ImportCounts): string {
  return `${formatNumber(counts.rows)} ${counts.rows === 1 ? 'row' : 'rows'}: ${formatNumber(counts.create)} new, ${formatNumber(counts.update)} to update, ${formatNumber(counts.unchanged)} unchanged, ${formatNumber(counts.refused)} refused`;
}

const price = (value: number | null) => (value === null ? '—' : formatRupees(value));

const previewColumns: ColumnDef<ImportPreviewRow>[] = [
  { id: 'line', header: 'Line', size: 70, cell: ({ row }) => row.original.line },
  { id: 'sku', header: 'SKU', size: 140, cell: ({ row }) => <LongText text={row.original.sku || '—'} /> },
  {
    id: 'name',
    header: 'Product name',
    size: 240,
    meta: { card: 'title' },
    cell: ({ row }) => <LongText text={row.original.name || '—'} />,
  },
  { id: 'salePrice', header: 'Sale price', size: 110, cell: ({ row }) => price(row.original.salePrice) },
  { id: 'actualPrice', header: 'Actual price', size: 110, cell: ({ row }) => price(row.original.actualPrice) },
  {
    id: 'stock',
    header: 'Stock',
    size: 80,
    cell: ({ row }) => (row.original.stockQuantity === null ? '—' : formatNumber(row.original.stockQuantity)),
  },
  // Issue 35: a new product without a rate takes the store's default.
  { id: 'hsnCode', header: 'HSN code', size: 100, cell: ({ row }) => row.original.hsnCode ?? '—' },
  {
    id: 'gstRate',
    header: 'GST rate',
    size: 90,
    cell: ({ row }) => (row.original.gstRate == null ? 'Default' : `${row.original.gstRate}%`),
  },
  {
    id: 'category',
    header: 'Category',
    size: 200,
    cell: ({ row }) => [row.original.category, row.original.subcategory].filter(Boolean).join(' › ') || 'As it is',
  },
  { id: 'images', header: 'Images', size: 80, cell: ({ row }) => formatNumber(row.original.images) },
  {
    id: 'outcome',
    header: 'Result',
    size: 110,
    cell: ({ row }) => <Badge tone={outcomes[row.original.outcome].tone}>{outcomes[row.original.outcome].label}</Badge>,
  },
];

/** The first rows as they will be saved. */
export function ImportPreviewTable({ rows }: { rows: ImportPreviewRow[] }) {
  return (
    <DataTable
      label="Preview of the first rows"
      columns={previewColumns}
      data={rows}
      getRowId={(row) => String(row.line)}
      cardLabel={(row) => `Line ${row.line}: ${row.name || row.sku}`}
    />
  );
}

/** Each bad row's errors: 'Line 12 · Sale price: Valid sale price is required'. */
export function ImportErrorList({ errors, refused }: { errors: ImportError[]; refused: number }) {
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="import-errors" className="rounded-xl border border-red-200 bg-red-50 p-4">
      <h2 id="import-errors" className="text-base font-semibold text-red-900">
        Rows that will be refused ({formatNumber(refused)})
      </h2>
      <ul className="mt-2 max-h-72 space-y-1 overflow-y-auto text-sm text-red-900">
        {errors.map((error, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several errors, in a fixed order.
          <li key={index}>
            <span className="font-medium">Line {error.line}</span>
            {error.field ? ` · ${error.field}` : ''}: {error.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { ChevronDown, Filter, Search } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Field, Input, Select } from '../../../components/ui/field';
import { type FilterChip, FilterChips } from '../../../components/ui/filter-chips';
import { NARROW_SCREEN, useMediaQuery } from '../../../lib/use-media-query';
import type { ProductFilters } from '../api';

const statusOptions = [
  { value: 'all', label: 'All Statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'pending', label: 'Pending' },
] as const;

const stockOptions = [
  { value: 'all', label: 'All Stock' },
  { value: 'in-stock', label: 'In Stock' },
  { value: 'out-of-stock', label: 'Out of Stock' },
] as const;

const approvalOptions = [
  { value: 'all', label: 'All Approvals' },
  { value: 'approved', label: 'Approved' },
  { value: 'pending', label: 'Pending Approval' },
  { value: 'rejected', label: 'Rejected' },
] as const;

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((option) => option.value === value)?.label ?? value;

/**
 * The product list's search box, status, stock and (admin only) approval filters,
 * the count of filters in force, their chips and 'Clear all' (spec section 2,
 * Product list). The search text is the box's own; `filters.search` is what the
 * list was last asked for. On a phone the three choices fold under a "Filters" button
 * (issue 27: they filled the whole first screen); the search box stays, and the count
 * says how many filters are in force while folded.
 */
export function ProductFilterBar({
  filters,
  searchText,
  showApproval,
  onSearchTextChange,
  onFilterChange,
  onClearAll,
}: {
  filters: ProductFilters;
  searchText: string;
  showApproval: boolean;
  onSearchTextChange: (text: string) => void;
  onFilterChange: <K extends keyof ProductFilters>(key: K, value: ProductFilters[K]) => void;
  onClearAll: () => void;
}) {
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [unfolded, setUnfolded] = useState(false);
  const choicesId = useId();
  const showChoices = !narrow || unfolded;
  const chips: FilterChip[] = [];
  if (filters.search) {
    chips.push({ key: 'search', label: `Search: "${filters.search}"`, onRemove: () => onSearchTextChange('') });
  }
  if (filters.status !== 'all') {
    chips.push({
      key: 'status',
      label: `Status: ${labelOf(statusOptions, filters.status)}`,
      onRemove: () => onFilterChange('status', 'all'),
    });
  }
  if (filters.stock !== 'all') {
    chips.push({
      key: 'stock',
      label: `Stock: ${labelOf(stockOptions, filters.stock)}`,
      onRemove: () => onFilterChange('stock', 'all'),
    });
  }
  if (showApproval && filters.approval !== 'all') {
    chips.push({
      key: 'approval',
      label: `Approval: ${labelOf(approvalOptions, filters.approval)}`,
      onRemove: () => onFilterChange('approval', 'all'),
    });
  }

  // The heading's words and count, on a phone inside the button that folds the choices.
  const heading = (
    <>
      <Filter className="h-4 w-4" aria-hidden />
      Filters
      {chips.length > 0 && (
        <Badge tone="pink">
          {chips.length}
          <span className="sr-only"> active</span>
        </Badge>
      )}
    </>
  );

  return (
    <section aria-label="Filters" className="mb-4 space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      {narrow ? (
        <button
          type="button"
          aria-expanded={unfolded}
          aria-controls={choicesId}
          onClick={() => setUnfolded((open) => !open)}
          className="-m-1 flex w-[calc(100%+0.5rem)] items-center gap-2 rounded-lg p-1 text-left text-sm font-semibold text-slate-700 hover:bg-slate-50"
        >
          {heading}
          <ChevronDown className={`ml-auto h-4 w-4 transition ${unfolded ? 'rotate-180' : ''}`} aria-hidden />
        </button>
      ) : (
        <div className="flex items-center gap-2 text-sm font-semibold text-slate-700">{heading}</div>
      )}
      <div
        className={`grid gap-3 sm:grid-cols-2 ${showApproval ? 'lg:grid-cols-[2fr_1fr_1fr_1fr]' : 'lg:grid-cols-[2fr_1fr_1fr]'}`}
      >
        <Field label="Search products">
          {(control) => (
            <div className="relative">
              <Search
                className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden
              />
              <Input
                {...control}
                type="search"
                placeholder="Search by name, SKU or brand..."
                className="pl-9"
                value={searchText}
                onChange={(event) => onSearchTextChange(event.target.value)}
              />
            </div>
          )}
        </Field>
        {showChoices && (
          <div id={choicesId} className="contents">
            <Field label="Status">
              {(control) => (
                <Select
                  {...control}
                  value={filters.status}
                  onChange={(event) => onFilterChange('status', event.target.value as ProductFilters['status'])}
                >
                  {statusOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label="Stock">
              {(control) => (
                <Select
                  {...control}
                  value={filters.stock}
                  onChange={(event) => onFilterChange('stock', event.target.value as ProductFilters['stock'])}
                >
                  {stockOptions.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            {showApproval && (
              <Field label="Approval">
                {(control) => (
                  <Select
                    {...control}
                    value={filters.approval}
                    onChange={(event) => onFilterChange('approval', event.target.value as ProductFilters['approval'])}
                  >
                    {approvalOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            )}
          </div>
        )}
      </div>
      <FilterChips chips={chips} onClearAll={onClearAll} />
    </section>
  );
}

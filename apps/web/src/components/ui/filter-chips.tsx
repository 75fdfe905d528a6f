import { X } from 'lucide-react';

/** One applied filter as a chip: its text and how to drop it. */
export interface FilterChip {
  key: string;
  label: string;
  onRemove: () => void;
}

/**
 * The filters in force as removable chips, with 'Clear all' to drop them at once.
 * Renders nothing when no filter applies.
 */
export function FilterChips({
  chips,
  onClearAll,
  clearAllLabel = 'Clear all',
}: {
  chips: FilterChip[];
  onClearAll: () => void;
  clearAllLabel?: string;
}) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ul aria-label="Active filters" className="flex flex-wrap items-center gap-2">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="inline-flex items-center gap-1 rounded-full bg-pink-50 py-1 pl-3 pr-1 text-xs font-medium text-pink-800 ring-1 ring-pink-200"
          >
            {chip.label}
            <button
              type="button"
              onClick={chip.onRemove}
              aria-label={`Remove filter ${chip.label}`}
              className="rounded-full p-0.5 hover:bg-pink-100"
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClearAll}
        className="text-xs font-medium text-slate-600 underline hover:text-slate-900"
      >
        {clearAllLabel}
      </button>
    </div>
  );
}

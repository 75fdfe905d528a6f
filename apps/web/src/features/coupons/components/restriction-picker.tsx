import { couponMessages } from '@haat/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { Input } from '../../../components/ui/field';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import type { PickerOption } from '../api';

/**
 * Picks products or categories for a coupon's restrictions (spec section 2): a search
 * box whose matches come from the database, the chosen ones as removable chips with
 * '{n} selected', and the line saying that none chosen means all.
 */
export function RestrictionPicker({
  label,
  allLabel,
  selected,
  useOptions,
  onAdd,
  onRemove,
}: {
  /** 'Products' or 'Categories'. */
  label: string;
  /** What no choice means: 'All products' / 'All categories'. */
  allLabel: string;
  selected: PickerOption[];
  useOptions: (search: string, enabled: boolean) => UseQueryResult<PickerOption[]>;
  onAdd: (option: PickerOption) => void;
  onRemove: (option: PickerOption) => void;
}) {
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(text.trim(), 250);
  const options = useOptions(search, open);
  const chosen = new Set(selected.map((option) => option._id));
  const choices = (options.data ?? []).filter((option) => !chosen.has(option._id));

  return (
    <div>
      <div className="mb-1 flex items-center justify-between text-sm font-medium text-slate-700">
        <span>Applicable {label}</span>
        <span className="text-xs font-normal text-slate-500">
          {selected.length > 0 ? `${selected.length} selected` : allLabel}
        </span>
      </div>
      <fieldset
        aria-label={`Add ${label.toLowerCase()}`}
        className="relative m-0 min-w-0 border-0 p-0"
        // Closes when focus leaves the box and its matches, not when it moves between them.
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
        }}
      >
        <Input
          type="search"
          aria-label={`Search ${label.toLowerCase()}`}
          // Points at the matches only while they are shown (an id that is absent is invalid ARIA).
          aria-controls={open ? listId : undefined}
          placeholder={`Search ${label.toLowerCase()} to add...`}
          value={text}
          onFocus={() => setOpen(true)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
          }}
        />
        {open && (
          <ul
            id={listId}
            aria-label={`${label} to add`}
            className="absolute z-20 mt-1 max-h-56 w-full overflow-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {options.isError ? (
              <li className="px-3 py-2 text-sm text-red-600">{couponMessages.pickersFailed}</li>
            ) : options.isPending ? (
              <li className="px-3 py-2 text-sm text-slate-500">Searching...</li>
            ) : choices.length === 0 ? (
              <li className="px-3 py-2 text-sm text-slate-500">No matches</li>
            ) : (
              choices.map((option) => (
                <li key={option._id}>
                  <button
                    type="button"
                    className="w-full px-3 py-2 text-left text-sm hover:bg-pink-50 focus:bg-pink-50 focus:outline-none"
                    // mousedown, not click: the search box's blur would close the list first.
                    onMouseDown={(event) => {
                      event.preventDefault();
                      onAdd(option);
                      setText('');
                      setOpen(false);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' || event.key === ' ') {
                        event.preventDefault();
                        onAdd(option);
                        setText('');
                        setOpen(false);
                      }
                    }}
                  >
                    {option.name}
                  </button>
                </li>
              ))
            )}
          </ul>
        )}
      </fieldset>
      {selected.length > 0 && (
        <ul aria-label={`Selected ${label.toLowerCase()}`} className="mt-2 flex flex-wrap gap-2">
          {selected.map((option) => (
            <li
              key={option._id}
              className="inline-flex items-center gap-1 rounded-full bg-pink-50 px-3 py-1 text-xs font-medium text-pink-800"
            >
              {option.name}
              <button
                type="button"
                aria-label={`Remove ${option.name}`}
                className="rounded-full p-0.5 hover:bg-pink-100"
                onClick={() => onRemove(option)}
              >
                <X className="h-3 w-3" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

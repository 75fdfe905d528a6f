import { CalendarDays } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { FieldControlProps } from './field';

/**
 * A day typed and shown the store's way (en-IN: day, month, year, as `25/11/2026`), on
 * every browser whatever its own language (issue 27: native date boxes read mm/dd/yyyy
 * on an American browser), with a calendar button that opens the browser's own picker.
 * The value in and out is a `YYYY-MM-DD` day, as the API takes it: '' when empty, and
 * the text as typed while it is not a day (so the form's rules name the mistake).
 */

/** `25/11/2026` (or `25-11-2026`, `25.11.2026`, one-digit day or month) → `2026-11-25`; null when not a real day. */
export function parseDisplayDay(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** `2026-11-25` → `25/11/2026`; anything else as it is. */
export function displayDay(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

export function DateInput({
  value,
  onChange,
  onBlur,
  min,
  max,
  name,
  pickerLabel,
  className = '',
  ...control
}: Partial<FieldControlProps> & {
  /** `YYYY-MM-DD`, '' for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The earliest and latest days the calendar offers (`YYYY-MM-DD`). */
  min?: string | undefined;
  max?: string | undefined;
  name?: string;
  /** The calendar button's name, e.g. 'Open a calendar for the start day' (no label's words in it, so a search by the label finds the box alone). */
  pickerLabel: string;
  className?: string;
}) {
  const [text, setText] = useState(() => displayDay(value));
  const picker = useRef<HTMLInputElement>(null);
  // A value set from outside (a reset, the calendar, a loaded record) shows as a day.
  useEffect(() => {
    setText((shown) => {
      const typed = parseDisplayDay(shown) ?? shown;
      return typed === value ? shown : displayDay(value);
    });
  }, [value]);

  return (
    <div className={`relative ${className}`}>
      <input
        {...control}
        name={name}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder="dd/mm/yyyy"
        value={text}
        onChange={(event) => {
          const typed = event.target.value;
          setText(typed);
          onChange(typed.trim() === '' ? '' : (parseDisplayDay(typed) ?? typed));
        }}
        onBlur={() => {
          const day = parseDisplayDay(text);
          if (day) setText(displayDay(day));
          onBlur?.();
        }}
        className="w-full rounded-lg border border-slate-300 bg-white py-2 pl-3 pr-10 text-sm outline-none transition focus:border-pink-500 focus:ring-2 focus:ring-pink-300 aria-[invalid=true]:border-red-400 aria-[invalid=true]:focus:ring-red-100"
      />
      <button
        type="button"
        aria-label={pickerLabel}
        title={pickerLabel}
        onClick={() => {
          const input = picker.current;
          if (!input) return;
          try {
            input.showPicker();
          } catch {
            input.focus();
          }
        }}
        className="absolute right-1 top-1/2 -translate-y-1/2 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      >
        <CalendarDays className="h-4 w-4" aria-hidden />
      </button>
      {/* The browser's calendar, opened by the button; the box above is where the day is read. */}
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={parseDisplayDay(text) ?? (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '')}
        min={min}
        max={max}
        onChange={(event) => {
          setText(displayDay(event.target.value));
          onChange(event.target.value);
        }}
        className="pointer-events-none absolute bottom-0 right-0 h-px w-px opacity-0"
      />
    </div>
  );
}

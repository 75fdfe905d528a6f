import { SEARCH_MIN_LENGTH, type SearchHit, searchMessages } from '@haat/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { queries } from '../../lib/api-client';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** How long typing must pause before the search asks the server (issue 10: debounced). */
export const GLOBAL_SEARCH_DEBOUNCE_MS = 200;

/** True on Apple platforms, where the shortcut is Cmd+K rather than Ctrl+K. */
const isApple = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** `GET /api/search?q=` (`searchEndpoints.everything`): the hits of every kind the signed-in user may see. */
function useGlobalSearch(text: string) {
  return useQuery({
    ...queries.search.everything.queryOptions({ input: { query: { q: text } } }),
    enabled: [...text].length >= SEARCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * The top bar's search box (issue 10, global search; spec section 2's box, which only
 * logged its text): searches the store's products, orders, customers, vendors and
 * categories in the database as the user types (after a 200 ms pause), and lists the
 * hits grouped by kind under headings. It follows the WAI-ARIA combobox pattern with a
 * listbox popup: the focus stays in the box, Arrow Down/Up move the active option
 * (`aria-activedescendant`), Enter opens it (the first one when none is active),
 * Escape closes the list (a second Escape clears the box), and Ctrl+K (Cmd+K on a Mac)
 * focuses the box from anywhere. At 390 px the list spans the width of the screen.
 */
export function GlobalSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  // The active option, for the text it was chosen in: a new text starts with none.
  const [choice, setChoice] = useState({ text: '', index: -1 });
  const inputRef = useRef<HTMLInputElement>(null);
  const rootRef = useRef<HTMLElement>(null);
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;

  const trimmed = text.trim();
  const debounced = useDebouncedValue(trimmed, GLOBAL_SEARCH_DEBOUNCE_MS);
  const search = useGlobalSearch(debounced);
  const longEnough = [...trimmed].length >= SEARCH_MIN_LENGTH;
  // The answer shown is for the text typed: while the pause runs or the call is under way, say so.
  const current = search.data && search.data.query === trimmed ? search.data : undefined;
  const groups = useMemo(() => (current?.groups ?? []).filter((group) => group.hits.length > 0), [current]);
  const hits = useMemo(() => groups.flatMap((group) => group.hits), [groups]);
  const showList = open && longEnough;

  const active = choice.text === trimmed ? choice.index : -1;
  const setActive = (next: (index: number) => number) => setChoice({ text: trimmed, index: next(active) });

  // Ctrl+K / Cmd+K focuses the box from anywhere in the back office.
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      const modifier = isApple() ? event.metaKey : event.ctrlKey;
      if (modifier && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // A click or tap outside closes the list.
  useEffect(() => {
    if (!showList) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [showList]);

  const openHit = (hit: SearchHit) => {
    setOpen(false);
    setText('');
    inputRef.current?.blur();
    navigate(hit.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (hits.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + hits.length + (index === -1 && step < 0 ? 1 : 0)) % hits.length);
    } else if (event.key === 'Home' && showList && hits.length > 0 && active >= 0) {
      event.preventDefault();
      setActive(() => 0);
    } else if (event.key === 'End' && showList && hits.length > 0 && active >= 0) {
      event.preventDefault();
      setActive(() => hits.length - 1);
    } else if (event.key === 'Escape') {
      if (showList) setOpen(false);
      else setText('');
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const hit = hits[active] ?? (current ? hits[0] : undefined);
      if (hit) openHit(hit);
    }
  };

  let index = -1;
  return (
    <search ref={rootRef} className="relative w-full max-w-md">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden
      />
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label={searchMessages.label}
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
        aria-keyshortcuts={isApple() ? 'Meta+K' : 'Control+K'}
        autoComplete="off"
        spellCheck={false}
        value={text}
        maxLength={100}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        placeholder={searchMessages.placeholder}
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pr-3 pl-9 text-sm outline-none focus:border-pink-400 focus:bg-white"
      />
      <div
        hidden={!showList}
        className="fixed inset-x-2 top-16 z-40 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-2 shadow-lg sm:absolute sm:inset-x-0 sm:top-full sm:mt-2"
      >
        <div id={listId} role="listbox" aria-label={searchMessages.label}>
          {groups.map((group) => {
            const headingId = `${listId}-${group.kind}`;
            return (
              // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA listbox pattern); fieldset is not allowed there
              <div key={group.kind} role="group" aria-labelledby={headingId}>
                <p
                  id={headingId}
                  role="presentation"
                  className="px-4 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase"
                >
                  {group.label}
                </p>
                {group.hits.map((hit) => {
                  index += 1;
                  const mine = index;
                  return (
                    <div
                      key={`${group.kind}-${hit._id}`}
                      id={optionId(mine)}
                      role="option"
                      aria-selected={mine === active}
                      tabIndex={-1}
                      onPointerDown={(event) => event.preventDefault()}
                      onClick={() => openHit(hit)}
                      onKeyDown={() => undefined}
                      onPointerMove={() => setActive(() => mine)}
                      className={`cursor-pointer px-4 py-2 ${mine === active ? 'bg-pink-50' : ''}`}
                    >
                      <p className="truncate text-sm font-medium text-slate-800">{hit.label}</p>
                      <p className="truncate text-xs text-slate-500">{hit.detail}</p>
                    </div>
                  );
                })}
              </div>
            );
          })}
        </div>
        <div role="status">
          {showList && current && hits.length === 0 && (
            <p className="px-4 py-2 text-sm text-slate-500">{searchMessages.noResults(trimmed)}</p>
          )}
          {showList && !current && !search.isError && (
            <p className="px-4 py-2 text-sm text-slate-500">{searchMessages.searching}</p>
          )}
          {showList && !current && search.isError && (
            <p className="px-4 py-2 text-sm text-red-600">{searchMessages.failed}</p>
          )}
        </div>
      </div>
    </search>
  );
}

import { ledgerQuery } from '@haat/contract';
import { useListFilters } from '../../../lib/use-list-filters';
import type { LedgerFilters } from '../api';

export const defaultLedgerFilters: LedgerFilters = { kind: '', from: '', to: '' };

/** Reads the ledger's filters from an address's query; a value the API would refuse (not a real day) means none. */
export function ledgerFiltersFromParams(params: URLSearchParams): LedgerFilters {
  const kind = ledgerQuery.shape.kind.safeParse(params.get('kind') ?? undefined);
  const day = (key: 'from' | 'to') => {
    const parsed = ledgerQuery.shape[key].safeParse(params.get(key) ?? undefined);
    return parsed.success ? (parsed.data ?? '') : '';
  };
  return { kind: kind.success ? (kind.data ?? '') : '', from: day('from'), to: day('to') };
}

/**
 * The Earnings ledger's kind and UTC date range, kept in the address (`useListFilters`)
 * as `?kind=`, `?from=` and `?to=`, so a reload or a shared link shows the same entries.
 */
export function useLedgerFilters() {
  return useListFilters({ defaults: defaultLedgerFilters, parse: ledgerFiltersFromParams });
}

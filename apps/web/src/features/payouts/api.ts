import type { BankDetailsBodyInput, LedgerEntryKind, PayoutStatus } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { saveFile } from '../../lib/download';
import { useCursorList } from '../../lib/use-cursor-list';

/** Rows per page of the balances, payouts and ledger lists. */
export const MONEY_PAGE_SIZE = 50;

/** The ledger's filters ('' for none); `from`/`to` are `YYYY-MM-DD` UTC days. */
export interface LedgerFilters {
  kind: LedgerEntryKind | '';
  from: string;
  to: string;
}

const ledgerQuery = (filters: LedgerFilters) => ({
  kind: filters.kind || undefined,
  from: filters.from || undefined,
  to: filters.to || undefined,
});

/** Downloads the signed-in vendor's ledger as CSV for `filters` (`GET /api/vendor/earnings/export`). */
export async function downloadLedger(filters: LedgerFilters): Promise<void> {
  saveFile(await client.payouts.earningsExport({ query: ledgerQuery(filters) }), 'earnings.csv');
}

/** Downloads the Pending payouts as the bank's bulk-transfer file (`GET /api/payouts/admin/export`). */
export async function downloadBankFile(): Promise<void> {
  saveFile(await client.payouts.export({ query: { status: 'Pending' } }), 'payouts.csv');
}

/** The signed-in vendor's balances and ledger, page by page. */
export function useEarnings(filters: LedgerFilters) {
  const query = ledgerQuery(filters);
  return useCursorList({
    queryKey: queries.payouts.earnings.key({ type: 'infinite', input: { query } }),
    limit: MONEY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      client.payouts.earnings({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.entries,
  });
}

/** The signed-in vendor's payouts (account numbers masked). */
export function useMyPayouts() {
  return useCursorList({
    queryKey: queries.payouts.myPayouts.key({ type: 'infinite' }),
    limit: MONEY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.payouts.myPayouts({ query: { limit, cursor } }, { signal }),
    items: (page) => page.payouts,
  });
}

/** The signed-in vendor's bank details (masked), or null. */
export function useBankDetails() {
  return useQuery(queries.payouts.bankDetails.queryOptions());
}

/** `PUT /api/vendor/bank-details`. */
export function useSaveBankDetails() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BankDetailsBodyInput) => client.payouts.saveBankDetails({ body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.payouts.bankDetails.key() }),
  });
}

/** Every vendor's balances: search by business name, largest available first or by name. */
export function useVendorBalances(filters: { search: string; sort: 'available' | 'name' }) {
  const query = { search: filters.search.trim() || undefined, sort: filters.sort };
  return useCursorList({
    queryKey: queries.payouts.balances.key({ type: 'infinite', input: { query } }),
    limit: MONEY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) =>
      client.payouts.balances({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.balances,
  });
}

/**
 * The vendor with the largest available balance (the balances' first row, sorted by
 * available), or null for none: "Pay all" says there is nothing to pay at once, rather
 * than asking first and being told so after (issue 33).
 */
export function useLargestAvailable() {
  return useQuery({
    ...queries.payouts.balances.queryOptions({ input: { query: { sort: 'available', limit: 1 } } }),
    select: (answer) => answer.balances[0] ?? null,
  });
}

/** Payouts newest first, optionally of one status. */
export function usePayoutList(status: PayoutStatus | '') {
  const query = { status: status || undefined };
  return useCursorList({
    queryKey: queries.payouts.list.key({ type: 'infinite', input: { query } }),
    limit: MONEY_PAGE_SIZE,
    fetchPage: ({ limit, cursor, signal }) => client.payouts.list({ query: { ...query, limit, cursor } }, { signal }),
    items: (page) => page.payouts,
  });
}

/** `POST /api/payouts/admin`: every vendor past the minimum, or those named. */
export function useCreatePayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vendorIds?: string[]) => client.payouts.create({ body: vendorIds ? { vendorIds } : {} }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.payouts.key() }),
  });
}

/** `PUT /api/payouts/admin/{id}`: Paid with the bank's reference, or Failed with a reason. */
export function useDecidePayout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      body,
    }: {
      id: string;
      body:
        | { status: 'Paid'; reference: string; updatedAt: string }
        | { status: 'Failed'; reason: string; updatedAt: string };
    }) => client.payouts.decide({ params: { id }, body }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queries.payouts.key() }),
  });
}

/** `GET /api/vendor/statements/{month}`: the signed-in vendor's monthly statement. */
export function useStatement(month: string) {
  return useQuery({
    ...queries.taxReports.statement.queryOptions({ input: { params: { month } } }),
    enabled: !!month,
  });
}

/** Downloads the signed-in vendor's statement of `month` as PDF or CSV. */
export async function downloadStatement(month: string, format: 'pdf' | 'csv'): Promise<void> {
  const file =
    format === 'pdf'
      ? await client.taxReports.statementPdf({ params: { month } })
      : await client.taxReports.statementCsv({ params: { month } });
  saveFile(file, `statement-${month}.${format}`);
}

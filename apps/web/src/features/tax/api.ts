import type { TaxSettingsBodyInput } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';
import { saveFile } from '../../lib/download';

/** `GET /api/tax/admin/settings`: the store's tax settings (issue 35). */
export function useTaxSettings() {
  return useQuery(queries.tax.getSettings.queryOptions());
}

/** `PUT /api/tax/admin/settings`: saves them; the answer replaces the cached settings. */
export function useSaveTaxSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxSettingsBodyInput) => client.tax.saveSettings({ body }),
    onSuccess: (answer) => queryClient.setQueryData(queries.tax.getSettings.queryKey(), answer),
  });
}

/** `GET /api/tax/admin/gstr8?month=`: GSTR-8 of a month (issue 35, decision 0149). */
export function useGstr8(month: string) {
  return useQuery({ ...queries.taxReports.gstr8.queryOptions({ input: { query: { month } } }), enabled: !!month });
}

/** Downloads GSTR-8 of `month` as CSV in the offline tool's column order (`/api/tax/admin/gstr8/export`). */
export async function downloadGstr8(month: string): Promise<void> {
  saveFile(await client.taxReports.gstr8Export({ query: { month } }), `gstr8-${month}.csv`);
}

/** `GET /api/tax/admin/tds?quarter=`: TDS under 194-O of a financial-year quarter. */
export function useTdsReport(quarter: string) {
  return useQuery({ ...queries.taxReports.tds.queryOptions({ input: { query: { quarter } } }), enabled: !!quarter });
}

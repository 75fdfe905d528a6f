import type { TaxSettingsBodyInput } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

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

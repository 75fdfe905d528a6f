import { MutationCache, QueryClient } from '@tanstack/react-query';
import { ApiError, queries } from './api-client';

/**
 * One query client for the app: no retries on answers the server meant (4xx). Every
 * successful write may have added to the activity log (issue 10), so it marks the log
 * and every record's History stale.
 */
export function createQueryClient() {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => void client.invalidateQueries({ queryKey: queries.activity.key() }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failures, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

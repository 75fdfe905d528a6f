import { useQuery } from '@tanstack/react-query';
import { queries } from './api-client';

/** How often a job under way is asked for, ms. */
const FOLLOW_MS = 1000;

/**
 * Follows one of the signed-in user's background jobs (decision 0110: an export, an
 * import, a bulk action), `GET /api/jobs/{id}`, asking again while it is queued or
 * running and stopping once it is done or failed. `retry` as the query's own (a page
 * opened from a link: none; a job just started: a few).
 */
export function useJob(id: string, { retry = 0 }: { retry?: number } = {}) {
  return useQuery({
    ...queries.jobs.get.queryOptions({ input: { params: { id } }, retry }),
    refetchInterval: (current) => {
      const state = current.state.data?.job.state;
      return state === 'done' || state === 'failed' ? false : FOLLOW_MS;
    },
  });
}

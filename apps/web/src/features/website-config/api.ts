import type { WebsiteConfigSection, websiteConfigEndpoints } from '@haat/contract';
import type { InferSchemaInput } from '@orpc/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client, queries } from '../../lib/api-client';

/** The configuration's one query (`GET /api/website-config`). */
const configQuery = queries.websiteConfig.get.queryOptions();

/** The body of a section's save as its endpoint takes it (`PUT /api/website-config/logo`...), version included. */
export type SectionBody<K extends WebsiteConfigSection> = InferSchemaInput<
  NonNullable<(typeof websiteConfigEndpoints)[K]['~orpc']['inputSchema']>
>['body'];

/** A save of one section: which, and its body. */
export interface SectionSave<K extends WebsiteConfigSection = WebsiteConfigSection> {
  section: K;
  body: SectionBody<K>;
}

/** What a tab hands up to be saved: its section's body without the version (the page adds it). */
export type SectionInput<K extends WebsiteConfigSection> = Omit<SectionBody<K>, 'updatedAt'>;

/**
 * The whole configuration, loaded afresh on each visit and never refetched behind the
 * user's back: the tabs edit what was loaded, and the version each save sends is the
 * one loaded or last saved here (decision 0031).
 */
export function useWebsiteConfig() {
  return useQuery({
    ...configQuery,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Calls the section's own `PUT` with its body. */
function saveSection<K extends WebsiteConfigSection>(section: K, body: SectionBody<K>) {
  // TypeScript cannot pair a key of a union with its own call; each endpoint takes its section's body.
  const save = client.websiteConfig[section] as (input: {
    body: SectionBody<K>;
  }) => ReturnType<typeof client.websiteConfig.logo>;
  return save({ body });
}

/** Saves one tab; the answer (the configuration as saved, with its new version) replaces the cached one. */
export function useSaveSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, body }: SectionSave) => saveSection(section, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(configQuery.queryKey, {
        success: true,
        ...saved.config,
        config: saved.config,
      });
    },
  });
}

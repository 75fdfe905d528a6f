import type { WebsiteConfigResponse, WebsiteConfigSavedResponse, WebsiteConfigSection } from '@haat/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { createQueryKeys } from '../../lib/query-keys';

/** Each tab's `PUT` (spec section 7). */
export const sectionPaths: Record<WebsiteConfigSection, string> = {
  logo: '/api/website-config/logo',
  welcome: '/api/website-config/welcome-quote',
  contact: '/api/website-config/contact-info',
  banners: '/api/website-config/banners',
  social: '/api/website-config/social-media',
  salesBanner: '/api/website-config/sales-banner',
};

/** Query keys of this feature: the configuration is its one record, `detail('current')`. */
export const websiteConfigKeys = createQueryKeys('website-config');

/**
 * The whole configuration, loaded afresh on each visit and never refetched behind the
 * user's back: the tabs edit what was loaded, and the version each save sends is the
 * one loaded or last saved here (decision 0031).
 */
export function useWebsiteConfig() {
  return useQuery({
    queryKey: websiteConfigKeys.detail('current'),
    queryFn: ({ signal }) => apiRequest<WebsiteConfigResponse>('/api/website-config', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Saves one tab; the answer (the configuration as saved, with its new version) replaces the cached one. */
export function useSaveSection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ section, body }: { section: WebsiteConfigSection; body: Record<string, unknown> }) =>
      apiRequest<WebsiteConfigSavedResponse>(sectionPaths[section], { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData<WebsiteConfigResponse>(websiteConfigKeys.detail('current'), {
        success: true,
        ...saved.config,
        config: saved.config,
      });
    },
  });
}

import { websiteConfigMessages as M, type WebsiteConfigSection, websiteConfigSections } from '@haat/contract';
import { type ComponentType, useEffect, useState } from 'react';
import { EmptyState } from '../../../components/ui/empty-state';
import { notify } from '../../../components/ui/notify';
import { PageHeader } from '../../../components/ui/page-header';
import { RefreshButton } from '../../../components/ui/refresh-button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLoadAnnouncement } from '../../../lib/use-load-announcement';
import { type SectionInput, useSaveSection, useWebsiteConfig } from '../api';
import {
  BannersSection,
  ContactSection,
  LogoSection,
  SalesBannerSection,
  type SectionProps,
  SocialSection,
  WelcomeSection,
} from '../components/section-forms';
import { Tabs } from '../components/tabs';

const SECTIONS: { [K in WebsiteConfigSection]: ComponentType<SectionProps<K>> } = {
  logo: LogoSection,
  welcome: WelcomeSection,
  contact: ContactSection,
  banners: BannersSection,
  social: SocialSection,
  salesBanner: SalesBannerSection,
};

/** The tab of `key` with its props, typed by its section. */
function renderSection<K extends WebsiteConfigSection>(key: K, props: SectionProps<K>) {
  const Section: ComponentType<SectionProps<K>> = SECTIONS[key];
  return <Section {...props} />;
}

/**
 * Website Configuration (spec section 2; /admin/website-config): six tabs, each with
 * its own Save. Banners and social links are edited locally and saved with their tab.
 * Every save sends the version the page loaded or last saved (409 when someone else
 * saved since); a tab keeps its edits when the user switches tabs.
 */
export function WebsiteConfigPage() {
  useDocumentTitle('Website Configuration');
  const query = useWebsiteConfig();
  const save = useSaveSection();
  const [tab, setTab] = useState<WebsiteConfigSection>('logo');
  const [savingSection, setSavingSection] = useState<WebsiteConfigSection | null>(null);
  // 'Configuration loaded successfully!' after a reload the user asked for, not on every visit (decision 0053).
  const { reload, reloading } = useLoadAnnouncement(query, () => M.loaded);

  useEffect(() => {
    if (query.isError) notify.error(M.loadFailed);
  }, [query.isError]);

  if (query.isPending) return <Spinner label="Loading configuration..." />;
  if (query.isError) return <EmptyState title={M.loadFailed} description={errorMessage(query.error, '')} />;

  const config = query.data.config;
  const onSave =
    <K extends WebsiteConfigSection>(section: K, label: string) =>
    (body: SectionInput<K>) => {
      setSavingSection(section);
      save.mutate(
        // The version is the cached configuration's: the one loaded, or the one our last save answered.
        { section, body: { ...body, updatedAt: query.data.config.updatedAt } },
        {
          onSuccess: () => notify.success(M.saved(label)),
          onError: (error) => notify.error(errorMessage(error, M.saveFailed(label))),
          onSettled: () => setSavingSection(null),
        },
      );
    };

  return (
    <div>
      <PageHeader
        title={M.heading}
        subtitle={M.subtitle}
        actions={<RefreshButton busy={reloading} onClick={() => void reload()} />}
      />
      <div className="rounded-xl border border-slate-200 bg-white p-5">
        <Tabs label="Configuration sections" tabs={websiteConfigSections} selected={tab} onSelect={setTab}>
          {websiteConfigSections.map(({ key, label }) => {
            // Every tab stays mounted (hidden when not selected) so unsaved edits survive switching.
            return (
              <div key={key} hidden={key !== tab}>
                {renderSection(key, { config, saving: savingSection === key, onSave: onSave(key, label) })}
              </div>
            );
          })}
        </Tabs>
      </div>
    </div>
  );
}

import { Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { PageTitle } from '../components/page-title';
import { useTabParam } from '../features/admin/use-tab-param';
import { CampaignForm } from '../features/campaigns/campaign-form';
import { CampaignsPanel } from '../features/campaigns/campaigns-panel';
import { GeneratePanel } from '../features/campaigns/generate-panel';
import { LinksPanel } from '../features/campaigns/links-panel';
import { useCtaT } from '../features/campaigns/use-cta-t';
import { useSearchParam } from '../lib/use-search-param';
import { useQueryClient } from '@tanstack/react-query';
import { trpc } from '../lib/trpc';
import { notifySuccess } from '../lib/notify';
import { TabList } from '../components/tab-list';

const TABS = ['campaigns', 'generate', 'links'] as const;

/** /cta (CTA magic links, superuser and sales_manager): campaigns, the generator, and every link. */
export default function CtaPage() {
  const { t } = useCtaT();
  const queryClient = useQueryClient();
  const [tab, setTab] = useTabParam(TABS, 'campaigns');
  const [campaign, setCampaign] = useSearchParam('campaign');
  const [creating, setCreating] = useState(false);
  const [, navigate] = useLocation();
  return (
    <Stack>
      <PageTitle>{t('pages.cta.title')}</PageTitle>
      <Text c="dimmed" maw={760}>
        {t('page.intro')}
      </Text>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <TabList tabs={TABS} label={(v) => t(`tabs.${v}`)} />
        <Tabs.Panel value="campaigns" pt="md">
          <CampaignsPanel onGenerate={(id) => navigate(`/cta?tab=generate&campaign=${encodeURIComponent(id)}`)} />
        </Tabs.Panel>
        <Tabs.Panel value="generate" pt="md">
          <GeneratePanel
            campaignId={campaign}
            onCampaign={(id) => setCampaign(id, { replace: true })}
            onNewCampaign={() => setCreating(true)}
          />
        </Tabs.Panel>
        <Tabs.Panel value="links" pt="md">
          <LinksPanel />
        </Tabs.Panel>
      </Tabs>
      {creating && (
        <CampaignForm
          campaign={null}
          onClose={() => setCreating(false)}
          onSaved={(c) => {
            setCreating(false);
            notifySuccess(t('campaigns.created'));
            void queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
            setCampaign(c.id, { replace: true });
          }}
        />
      )}
    </Stack>
  );
}

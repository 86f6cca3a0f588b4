import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { CLIENTS_NS } from '../features/admin/messages';
import { useTabParam } from '../features/admin/use-tab-param';
import { CallInstructionsPanel } from '../features/call-instructions/call-instructions-panel';
import { CallSettingsPanel } from '../features/call-settings/call-settings-panel';
import { ClientOverviewPanel } from '../features/client-overview/client-overview-panel';
import { IcpsPanel, ProductGroupingsPanel } from '../features/named-records/named-records-panel';
import { PromptsPanel } from '../features/prompts/prompts-panel';
import { UsersPanel } from '../features/users/users-panel';
import { TabList } from '../components/tab-list';

const TABS = ['users', 'overview', 'icp', 'products', 'callInstructions', 'callSettings', 'prompts'] as const;

/** The admin area: the tenant's own users and configuration. */
export default function AdminPage() {
  const { t } = useTranslation(CLIENTS_NS);
  const [tab, setTab] = useTabParam(TABS, 'users');
  return (
    <>
      <PageTitle>{t('common:pages.admin.title')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <TabList tabs={TABS} label={(v) => t(`tabs.${v}`)} mb="md" />
        <Tabs.Panel value="users">
          <UsersPanel />
        </Tabs.Panel>
        <Tabs.Panel value="overview">
          <ClientOverviewPanel />
        </Tabs.Panel>
        <Tabs.Panel value="icp">
          <IcpsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="products">
          <ProductGroupingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="callInstructions">
          <CallInstructionsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="callSettings">
          <CallSettingsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="prompts">
          <PromptsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

import { Tabs } from '@mantine/core';
import { IconBuilding, IconMessageCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { CLIENTS_NS } from '../features/admin/messages';
import { useTabParam } from '../features/admin/use-tab-param';
import { ClientsPanel } from '../features/clients/clients-panel';
import { SystemPromptsPanel } from '../features/prompts/system-prompts-panel';

const TABS = ['clients', 'prompts'] as const;

/** The product-admin area (superuser): every client, and the system prompts. */
export default function SparAdminPage() {
  const { t } = useTranslation(CLIENTS_NS);
  const [tab, setTab] = useTabParam(TABS, 'clients');
  return (
    <>
      <PageTitle>{t('common:pages.sparAdmin.title')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="clients" leftSection={<IconBuilding size={16} aria-hidden />}>
            {t('tabs.clients')}
          </Tabs.Tab>
          <Tabs.Tab value="prompts" leftSection={<IconMessageCode size={16} aria-hidden />}>
            {t('tabs.prompts')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clients">
          <ClientsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="prompts">
          <SystemPromptsPanel />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}

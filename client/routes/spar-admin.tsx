import { IconBuilding, IconMessageCode } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { CLIENTS_NS } from '../features/admin/messages';
import { PanelTabs } from '../features/admin/panel-tabs';
import { ClientsPanel } from '../features/clients/clients-panel';
import { SystemPromptsPanel } from '../features/prompts/system-prompts-panel';

/** The product-admin tabs, in the order the page shows them, each with its panel. */
const PANELS = { clients: ClientsPanel, prompts: SystemPromptsPanel };

/** The product-admin area (superuser): every client, and the system prompts. */
export default function SparAdminPage() {
  const { t } = useTranslation(CLIENTS_NS);
  return (
    <>
      <PageTitle>{t('common:pages.sparAdmin.title')}</PageTitle>
      <PanelTabs panels={PANELS} props={{}} icons={{ clients: IconBuilding, prompts: IconMessageCode }} />
    </>
  );
}

import { Anchor, Badge, Breadcrumbs, Group, Stack, Text } from '@mantine/core';
import { IconCopy, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { LoadingScreen } from '../components/loading-screen';
import { PageTitle } from '../components/page-title';
import { CLIENTS_NS } from '../features/admin/messages';
import { PanelTabs } from '../features/admin/panel-tabs';
import { ClientAnalyticsPanel } from '../features/analytics/client-analytics-panel';
import { CallInstructionsPanel } from '../features/call-instructions/call-instructions-panel';
import { ClientOverviewPanel } from '../features/client-overview/client-overview-panel';
import { ClientFormModal } from '../features/clients/client-form-modal';
import { DuplicateClientModal } from '../features/clients/duplicate-client-modal';
import { IcpsPanel, ProductGroupingsPanel } from '../features/named-records/named-records-panel';
import { PersonasPanel } from '../features/personas/personas-panel';
import { SimulationsPanel } from '../features/simulations/simulations-panel';
import { PromptsPanel } from '../features/prompts/prompts-panel';
import { ScorecardsPanel } from '../features/scorecards/scorecards-panel';
import { UsersPanel } from '../features/users/users-panel';
import { errorInfo } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { LoadFailedAlert, ErrorAlert } from '../components/status-alerts';
import { ActionButtons } from '../components/action-buttons';

/** The client detail tabs, in the order the screen shows them, each with the panel it shows. */
const PANELS = {
  users: UsersPanel,
  overview: ClientOverviewPanel,
  icp: IcpsPanel,
  products: ProductGroupingsPanel,
  personas: PersonasPanel,
  simulations: SimulationsPanel,
  prompts: PromptsPanel,
  callInstructions: CallInstructionsPanel,
  scorecards: ScorecardsPanel,
  analytics: ClientAnalyticsPanel,
};
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One client seen by a superuser: every tab edits that client's data through the tenant services. */
export default function SparAdminClientPage() {
  const { t } = useTranslation(CLIENTS_NS);
  const { clientId = '' } = useParams<{ clientId: string }>();
  const valid = UUID.test(clientId);
  const client = useQuery({ ...trpc.clients.get.queryOptions({ id: clientId }), enabled: valid });
  const [dialog, setDialog] = useState<'edit' | 'duplicate' | null>(null);

  const back = (
    <Breadcrumbs>
      <Anchor component={Link} href="/spar-admin">
        {t('common:pages.sparAdmin.title')}
      </Anchor>
      <Text size="sm">{client.data?.name ?? t('detail.client')}</Text>
    </Breadcrumbs>
  );

  if (!valid || (client.isError && errorInfo(client.error).appCode === 'NOT_FOUND')) {
    return (
      <Stack>
        {back}
        <PageTitle>{t('detail.notFoundTitle')}</PageTitle>
        <ErrorAlert>{t('detail.notFound')}</ErrorAlert>
      </Stack>
    );
  }
  if (client.isError) {
    return (
      <Stack>
        {back}
        <LoadFailedAlert
          message={t('errors.loadOneFailed')}
          onRetry={() => void client.refetch()}
          retryLabel={t('common:app.retry')}
          inline
        />
      </Stack>
    );
  }
  if (!client.data) return <LoadingScreen fullHeight={false} />;
  const c = client.data;

  return (
    <Stack gap="xs">
      {back}
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <div>
          <PageTitle documentTitle={c.name}>{c.name}</PageTitle>
          <Group gap="xs" mt={-8} mb="md">
            <Text ff="monospace" size="sm" c="dimmed">
              {c.schemaName}
            </Text>
            <Badge variant="light">{t(`types.${c.type}`)}</Badge>
            {c.tier && <Badge variant="outline">{c.tier}</Badge>}
            <Text size="sm" c="dimmed">
              {t(`common:languages.${c.defaultLanguage}`)}
            </Text>
          </Group>
        </div>
        <Group gap="xs">
          <ActionButtons
            size="sm"
            label={(key) => t(`actions.${key}`)}
            actions={[
              { key: 'edit', icon: IconPencil, onClick: () => setDialog('edit') },
              { key: 'duplicate', icon: IconCopy, onClick: () => setDialog('duplicate') },
            ]}
          />
        </Group>
      </Group>

      <PanelTabs panels={PANELS} props={{ clientId: c.id }} />

      {dialog === 'edit' && <ClientFormModal opened client={c} onClose={() => setDialog(null)} />}
      {dialog === 'duplicate' && <DuplicateClientModal source={c} onClose={() => setDialog(null)} />}
    </Stack>
  );
}

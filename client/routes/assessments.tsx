import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { useTabParam } from '../features/admin/use-tab-param';
import { ApiKeysPanel } from '../features/assessments/api-keys-panel';
import { AssessmentsList } from '../features/assessments/assessments-list';
import { IntegrationPanel, ShowScoreSetting } from '../features/assessments/integration-panel';
import { WebhooksPanel } from '../features/assessments/webhooks-panel';
import { TabList } from '../components/tab-list';

const TABS = ['assessments', 'keys', 'webhooks', 'integration'] as const;

/** /assessments (Assessments settings): candidates' assessments, API keys, webhooks, integration. */
export default function AssessmentsPage() {
  const { t } = useTranslation(['assessments', 'common'], { nsMode: 'fallback' });
  const [tab, setTab] = useTabParam(TABS, 'assessments');
  return (
    <Stack>
      <PageTitle>{t('pages.assessments.title')}</PageTitle>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <TabList tabs={TABS} label={(v) => t(`tabs.${v}`)} />
        <Tabs.Panel value="assessments" pt="md">
          <Stack>
            <ShowScoreSetting />
            <AssessmentsList />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="keys" pt="md">
          <ApiKeysPanel />
        </Tabs.Panel>
        <Tabs.Panel value="webhooks" pt="md">
          <WebhooksPanel />
        </Tabs.Panel>
        <Tabs.Panel value="integration" pt="md">
          <IntegrationPanel />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'wouter';
import { PageTitle } from '../components/page-title';
import { ReportPage } from '../features/reports/report-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /reports/:callId — the wait screen while the evaluation runs, then the call's report. A superuser may add ?clientId=. */
export default function ReportRoute() {
  const { t } = useTranslation('reports');
  const { callId = '' } = useParams<{ callId: string }>();
  const [search] = useSearchParams();
  const clientId = search.get('clientId');
  return (
    <Stack maw={960} gap="md">
      <PageTitle>{t('page.title')}</PageTitle>
      <ReportPage key={callId} callId={callId} clientId={clientId && UUID.test(clientId) ? clientId : undefined} />
    </Stack>
  );
}

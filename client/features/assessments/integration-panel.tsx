import { Anchor, Code, Loader, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LoadFailedAlert } from '../../components/status-alerts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useAssessmentsT } from './use-assessments-t';

/** The integration-information panel: where the API is, how to authenticate, Greenhouse's set-up values. */
export function IntegrationPanel() {
  const { t } = useAssessmentsT();
  const info = useQuery(trpc.apiKeys.integrationInfo.queryOptions());
  if (info.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (info.isError || !info.data)
    return <LoadFailedAlert message={t('integration.loadFailed')} onRetry={() => void info.refetch()} />;
  const d = info.data;
  const row = (label: string, value: string) => (
    <Table.Tr key={label}>
      <Table.Th w={200} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td>
        <Code style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{value}</Code>
      </Table.Td>
    </Table.Tr>
  );
  return (
    <Stack>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('integration.apiTitle')}
          </Title>
          <Table>
            <Table.Tbody>{row(t('integration.baseUrl'), d.baseUrl)}</Table.Tbody>
          </Table>
          <Text size="sm">
            {t('integration.reference')}{' '}
            <Anchor href={d.docsUrl} target="_blank" rel="noopener">
              {t('integration.docsLink')}
            </Anchor>
            {' · '}
            <Anchor href={d.openApiUrl} target="_blank" rel="noopener">
              {t('integration.openApiLink')}
            </Anchor>
          </Text>
          <Text size="sm">{t('integration.auth')}</Text>
          <Code block>{'Authorization: Bearer spar_…'}</Code>
          <Text size="sm" c="dimmed">
            {t('integration.limits', { rate: d.rateLimitPerMinute, hours: d.linkValidityHours })}
          </Text>
        </Stack>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('integration.greenhouseTitle')}
          </Title>
          <Text size="sm">{t('integration.greenhouseText')}</Text>
          <Table>
            <Table.Tbody>
              {row('list_tests', d.greenhouse.listTestsUrl)}
              {row('send_test', d.greenhouse.sendTestUrl)}
              {row('test_status', d.greenhouse.testStatusUrl)}
              {row('response_error', d.greenhouse.responseErrorUrl)}
              {row(t('integration.greenhouseKey'), t('integration.greenhouseKeyValue'))}
            </Table.Tbody>
          </Table>
        </Stack>
      </Paper>
    </Stack>
  );
}

/** "Show candidates their score" (off by default). */
export function ShowScoreSetting() {
  const { t } = useAssessmentsT();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.assessments.settings.queryOptions());
  const update = useMutation(
    trpc.assessments.updateSettings.mutationOptions({
      onSuccess: (s) => {
        queryClient.setQueryData(trpc.assessments.settings.queryKey(), s);
        notifySuccess(t('settings.saved'));
      },
      onError: (e) => notifyFailure(t, t('settings.saveFailed'), e),
    }),
  );
  return (
    <Switch
      label={t('settings.showScore')}
      description={t('settings.showScoreHint')}
      checked={settings.data?.showScoreToCandidates ?? false}
      disabled={!settings.data || update.isPending}
      onChange={(e) => update.mutate({ showScoreToCandidates: e.currentTarget.checked })}
    />
  );
}

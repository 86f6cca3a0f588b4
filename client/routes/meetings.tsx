import { Alert, Stack, Text } from '@mantine/core';
import { useLocation } from 'wouter';
import { PageTitle } from '../components/page-title';
import { RealCallsList } from '../features/meetings/real-calls-list';
import { RecordMeet } from '../features/meetings/record-meet';
import { TranscriptUpload } from '../features/meetings/transcript-upload';
import { useMeetingsT } from '../features/meetings/use-meetings-t';
import { useSearchParam } from '../lib/use-search-param';

/**
 * /meetings and /integrations/google/success (Record Meet): the user's real calls, scored
 * with the same scorecards as practice: a meeting bot records a Google Meet (when a provider is
 * configured, scheduled ahead from the connected calendar), or a transcript or recording is
 * uploaded (a transcript works in every mode, offline included).
 */
export default function MeetingsPage() {
  const { t } = useMeetingsT();
  const [path] = useLocation();
  const [calendar] = useSearchParam('calendar');
  const [code] = useSearchParam('code');
  return (
    <Stack maw={960} gap="lg">
      <PageTitle>{t('pages.meetings.title')}</PageTitle>
      <Text c="dimmed" maw={760}>
        {t('page.intro')}
      </Text>
      {path === '/integrations/google/success' && (
        <Alert color="green" role="status" data-testid="calendar-connected">
          {t('calendar.justConnected')}
        </Alert>
      )}
      {calendar === 'error' && (
        <Alert color="red" role="alert" title={t('calendar.connectFailed')}>
          {code === 'GOOGLE_DISABLED' ? t('calendar.notAvailable') : t('calendar.connectFailedBody')}
        </Alert>
      )}
      <RecordMeet />
      <TranscriptUpload />
      <RealCallsList />
    </Stack>
  );
}

import { Stack, Text } from '@mantine/core';
import { PageTitle } from '../components/page-title';
import { RealCallsList } from '../features/meetings/real-calls-list';
import { RecordMeet } from '../features/meetings/record-meet';
import { TranscriptUpload } from '../features/meetings/transcript-upload';
import { useMeetingsT } from '../features/meetings/use-meetings-t';

/**
 * /meetings (spec §2 "Record Meet"): the user's real calls, scored with the same scorecards as
 * practice: a meeting bot records a Google Meet (when a provider is configured), or a transcript
 * file is uploaded (every mode, offline included).
 */
export default function MeetingsPage() {
  const { t } = useMeetingsT();
  return (
    <Stack maw={960} gap="lg">
      <PageTitle>{t('pages.meetings.title')}</PageTitle>
      <Text c="dimmed" maw={760}>
        {t('page.intro')}
      </Text>
      <RecordMeet />
      <TranscriptUpload />
      <RealCallsList />
    </Stack>
  );
}

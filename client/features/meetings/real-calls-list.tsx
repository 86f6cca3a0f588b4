import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { clock } from '../../../server/contracts/report-format';
import { NameText } from '../../components/name-text';
import { ScoreText } from '../../components/score-text';
import { useFormat } from '../../lib/format';
import { LIVE_BOT_STATUSES, type MeetingStatus } from '../../../server/contracts/enums';
import type { MeetingRow } from '../../../server/contracts/meetings';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorInfo, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useMeetingsT } from './use-meetings-t';
import { ListTable } from '../../components/list-states';
import { ReportLink } from '../../components/report-link';

const STATUS_COLOR: Record<MeetingStatus, string> = {
  scheduled: 'gray',
  requested: 'blue',
  joining: 'blue',
  waiting_room: 'yellow',
  in_call: 'blue',
  recording: 'red',
  transcribing: 'blue',
  choose_rep: 'yellow',
  processing: 'blue',
  done: 'green',
  failed: 'red',
};
const LIVE = new Set<MeetingStatus>(LIVE_BOT_STATUSES);
/** Rows that change on their own: the list is asked again every two seconds while one is shown. */
const MOVING = new Set<MeetingStatus>([...LIVE_BOT_STATUSES, 'processing']);

/** What the status means for the user now: who to ask, or why it failed in the provider's words. */
function StatusDetail({ m }: { m: MeetingRow }) {
  const { t } = useMeetingsT();
  const f = useFormat();
  if (m.status === 'waiting_room')
    return (
      <Text size="xs" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {t('live.admit', { botName: m.botName ?? '' })}
      </Text>
    );
  if (m.status === 'scheduled' && m.joinAt)
    return (
      <Text size="xs" c="dimmed">
        {t('live.joinsAt', { when: f.dateTime(m.joinAt) })}
      </Text>
    );
  if (m.status === 'failed')
    return (
      <Text size="xs" c="red.8" style={{ overflowWrap: 'anywhere' }}>
        {t(`failures.${m.failure ?? 'provider_error'}`)}
        {m.detail && m.failure !== 'cancelled' ? ` ${t('live.providerSaid', { reason: m.detail })}` : ''}
      </Text>
    );
  return null;
}

/** A bot meeting's recording: its (short-lived) download link is asked of the provider when wanted. */
function RecordingLink({ m }: { m: MeetingRow }) {
  const { t } = useMeetingsT();
  const link = useMutation(trpc.meetings.recording.mutationOptions());
  if (link.data?.url)
    return (
      <Anchor href={link.data.url} target="_blank" rel="noreferrer" size="xs">
        {t('live.downloadRecording')}
      </Anchor>
    );
  if (link.data)
    return (
      <Text size="xs" c="dimmed">
        {t('live.noRecording')}
      </Text>
    );
  return (
    <Stack gap={2} align="flex-start">
      <Button
        size="compact-xs"
        variant="subtle"
        loading={link.isPending}
        onClick={() => link.mutate({ meetingId: m.id })}
      >
        {t('live.recording')}
      </Button>
      {link.isError && (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(t, link.error)}
        </Text>
      )}
    </Stack>
  );
}

/** The rep says which speaker of a recorded meeting is them (no name matched theirs). */
function ChooseRep({ m }: { m: MeetingRow }) {
  const { t } = useMeetingsT();
  const qc = useQueryClient();
  const [rep, setRep] = useState<string | null>(null);
  const choose = useMutation(
    trpc.meetings.chooseRep.mutationOptions({
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.meetings.list.queryKey() }),
    }),
  );
  return (
    <Group gap="xs" align="flex-end" wrap="wrap">
      <Select
        label={t('live.whoAreYou')}
        size="xs"
        data={m.speakers}
        value={rep}
        onChange={setRep}
        error={choose.isError ? errorMessage(t, choose.error) : undefined}
        maw={220}
      />
      <Button
        size="xs"
        disabled={!rep}
        loading={choose.isPending}
        onClick={() => rep && choose.mutate({ meetingId: m.id, repSpeaker: rep })}
      >
        {t('live.scoreAs')}
      </Button>
    </Group>
  );
}

/** The user's real calls: title, when, how long, where the report stands, the score and the report. */
export function RealCallsList() {
  const { t } = useMeetingsT();
  const f = useFormat();
  const qc = useQueryClient();
  const list = useQuery({
    ...trpc.meetings.list.queryOptions(),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => MOVING.has(r.status)) ? 2000 : false),
  });
  const [stopping, setStopping] = useState<MeetingRow | null>(null);
  const stop = useMutation(
    trpc.meetings.stopBot.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: stopping?.status === 'scheduled' ? t('live.cancelled') : t('live.stopped'),
        });
        setStopping(null);
      },
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.meetings.list.queryKey() }),
    }),
  );
  const stopReason = stop.isError ? errorInfo(stop.error).details?.reason : null;
  return (
    <Stack component="section" aria-labelledby="real-calls-title">
      <Title order={2} size="h3" id="real-calls-title">
        {t('list.title')}
      </Title>
      <ListTable
        query={list}
        items={list.data?.rows}
        text={(key) => t(`list.${key}`)}
        minWidth={680}
        striped
        highlightOnHover
        columns={['call', 'date', 'duration', 'status', 'score', 'report'].map((c) => t(`list.${c}`))}
      >
        {(m) => (
          <Table.Tr key={m.id} data-testid="real-call-row">
            <Table.Td maw={280}>
              <NameText fw={600}>{m.title}</NameText>
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {t(`sources.${m.source}`)}
                {m.speakers.length ? ` · ${m.speakers.join(', ')}` : ''}
              </Text>
            </Table.Td>
            <Table.Td>{f.dateTime(m.heldAt)}</Table.Td>
            <Table.Td>{m.durationMs ? clock(m.durationMs) : '—'}</Table.Td>
            <Table.Td maw={260}>
              <Stack gap={4} align="flex-start">
                <Badge color={STATUS_COLOR[m.status]} variant="light" data-testid="real-call-status">
                  {t(`statuses.${m.status}`)}
                </Badge>
                <StatusDetail m={m} />
                {m.status === 'choose_rep' && <ChooseRep m={m} />}
                {LIVE.has(m.status) && m.status !== 'transcribing' && (
                  <Button size="compact-xs" variant="light" color="red" onClick={() => (stop.reset(), setStopping(m))}>
                    {m.status === 'scheduled' ? t('live.cancel') : t('live.stop')}
                  </Button>
                )}
              </Stack>
            </Table.Td>
            <Table.Td>{m.score !== null ? <ScoreText score={m.score} /> : '—'}</Table.Td>
            <Table.Td>
              <Stack gap={4} align="flex-start">
                <ReportLink callId={m.callId} fallback="—">
                  {t('list.openReport')}
                </ReportLink>
                {m.source === 'bot' && ['transcribing', 'choose_rep', 'processing', 'done'].includes(m.status) && (
                  <RecordingLink m={m} />
                )}
              </Stack>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      <ConfirmDeleteDialog
        opened={stopping !== null}
        title={stopping?.status === 'scheduled' ? t('live.cancelTitle') : t('live.stopTitle')}
        message={
          stopping?.status === 'scheduled'
            ? t('live.cancelConfirm', { title: stopping?.title ?? '' })
            : t('live.stopConfirm', { title: stopping?.title ?? '', botName: stopping?.botName ?? '' })
        }
        cancelLabel={t('live.keep')}
        submitLabel={stopping?.status === 'scheduled' ? t('live.cancel') : t('live.stop')}
        pending={stop.isPending}
        error={
          stop.isError
            ? `${errorMessage(t, stop.error)}${typeof stopReason === 'string' && stopReason ? ` ${t('live.providerSaid', { reason: stopReason })}` : ''}`
            : null
        }
        onCancel={() => setStopping(null)}
        onConfirm={() => stopping && stop.mutate({ meetingId: stopping.id })}
      />
    </Stack>
  );
}

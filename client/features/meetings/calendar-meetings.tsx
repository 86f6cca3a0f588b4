import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CalendarOverview } from '../../../server/contracts/meetings';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { NameText } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useMeetingsT } from './use-meetings-t';

export type CalendarEvent = CalendarOverview['events'][number];

/**
 * The user's Google Calendar on the Record Meet panel: connect it (read-only), then their meetings
 * with a Meet link in the next two weeks, each with "Record this meeting" (which fills the form with
 * its link, title and start). Shown only when the server can keep calendar tokens encrypted.
 */
export function CalendarMeetings({ onSchedule }: { onSchedule: (e: CalendarEvent) => void }) {
  const { t } = useMeetingsT();
  const f = useFormat();
  const qc = useQueryClient();
  const calendar = useQuery(trpc.meetings.calendar.queryOptions());
  const [confirm, setConfirm] = useState(false);
  const disconnect = useMutation(
    trpc.meetings.disconnectCalendar.mutationOptions({
      onSuccess: () => {
        setConfirm(false);
        notifications.show({ color: 'green', message: t('calendar.disconnected') });
      },
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.meetings.calendar.queryKey() }),
    }),
  );
  if (!calendar.data?.available) return null;
  const c = calendar.data;
  const connect = (
    <Button
      component="a"
      href="/api/v1/integrations/google/start"
      variant="light"
      leftSection={<IconCalendarEvent size={16} aria-hidden />}
    >
      {c.problem === 'reconnect' ? t('calendar.reconnect') : t('calendar.connect')}
    </Button>
  );
  return (
    <Stack gap="xs" component="section" aria-labelledby="calendar-title" data-testid="calendar-meetings">
      <Text fw={600} id="calendar-title">
        {t('calendar.title')}
      </Text>
      {!c.connected && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={520}>
            {t('calendar.intro')}
          </Text>
          {connect}
        </Group>
      )}
      {c.connected && (
        <>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {c.email ? t('calendar.connectedAs', { email: c.email }) : t('calendar.connected')}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              color="red"
              onClick={() => (disconnect.reset(), setConfirm(true))}
            >
              {t('calendar.disconnect')}
            </Button>
          </Group>
          {c.problem === 'reconnect' && (
            <Alert color="yellow" role="alert">
              <Group gap="sm" wrap="wrap">
                <Text size="sm">{t('calendar.needsReconnect')}</Text>
                {connect}
              </Group>
            </Alert>
          )}
          {c.problem === 'unavailable' && (
            <Alert color="yellow" role="alert">
              {t('calendar.unavailable')}
            </Alert>
          )}
          {!c.problem && c.events.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('calendar.none')}
            </Text>
          )}
          {c.events.length > 0 && (
            <BareList gap={6}>
              {c.events.map((e) => (
                <Group
                  key={e.id}
                  component="li"
                  justify="space-between"
                  gap="xs"
                  wrap="wrap"
                  data-testid="calendar-event"
                >
                  <Stack gap={0} maw={480}>
                    <NameText fw={500}>{e.title || t('calendar.untitled')}</NameText>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {f.dateTime(e.start)} ·{' '}
                      <Anchor href={e.meetUrl} target="_blank" rel="noreferrer" size="xs">
                        {e.meetUrl.replace('https://', '')}
                      </Anchor>
                    </Text>
                  </Stack>
                  {e.botScheduled ? (
                    <Badge variant="light" color="gray">
                      {t('calendar.botScheduled')}
                    </Badge>
                  ) : (
                    <Button size="compact-sm" variant="light" onClick={() => onSchedule(e)}>
                      {t('calendar.schedule')}
                    </Button>
                  )}
                </Group>
              ))}
            </BareList>
          )}
        </>
      )}
      <ConfirmDeleteDialog
        opened={confirm}
        title={t('calendar.disconnectTitle')}
        message={t('calendar.disconnectConfirm')}
        cancelLabel={t('live.keep')}
        submitLabel={t('calendar.disconnect')}
        pending={disconnect.isPending}
        error={disconnect.isError ? errorMessage(t, disconnect.error) : null}
        onCancel={() => setConfirm(false)}
        onConfirm={() => disconnect.mutate()}
      />
    </Stack>
  );
}

import { Alert, Button, Code, Divider, Group, Stack, Switch, Text, TextInput } from '@mantine/core';
import { MeetingCard, MeetingCardHeading } from './meeting-card';
import { notifications } from '@mantine/notifications';
import { IconBrandGoogle, IconRobot } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CalendarMeetings, type CalendarEvent } from './calendar-meetings';
import { GOOGLE_MEET_URL } from '../../../server/contracts/meetings';
import { errorInfo, errorMessage, formFieldMessages, serverFieldErrors, translateMessageKey } from '../../lib/errors';
import { hasRole } from '../../lib/roles';
import { trpc } from '../../lib/trpc';
import { useMe } from '../auth/use-me';
import { ScorecardFields, useScorecardChoice } from './scorecard-fields';
import { useMeetingsT } from './use-meetings-t';
import { submitWith } from '../../lib/submit';

const two = (n: number) => String(n).padStart(2, '0');
/** An instant as a datetime-local value in the browser's time zone. */
function isoToLocal(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** A datetime-local value ("2026-11-27T14:30") as an ISO instant with the browser's offset. */
function localToIso(v: string): string | null {
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** Admins name the tenant's bot (what every participant sees, and is asked to admit). */
function BotNameSetting({ current }: { current: string }) {
  const { t } = useMeetingsT();
  const qc = useQueryClient();
  const [name, setName] = useState(current);
  const save = useMutation(
    trpc.meetings.setBotName.mutationOptions({
      onSuccess: (r) => {
        setName(r.botName);
        notifications.show({ color: 'green', message: t('record.botNameSaved', { botName: r.botName }) });
      },
      onSettled: () => void qc.invalidateQueries({ queryKey: trpc.meetings.botSettings.queryKey() }),
    }),
  );
  const fieldError = save.isError ? serverFieldErrors(save.error)?.botName : undefined;
  return (
    <Group align="flex-end" gap="xs" wrap="wrap">
      <TextInput
        label={t('record.botName')}
        description={t('record.botNameHelp')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={fieldError ? translateMessageKey(t, fieldError) : save.isError ? errorMessage(t, save.error) : undefined}
        maxLength={60}
        maw={320}
      />
      <Button
        variant="default"
        onClick={() => save.mutate({ botName: name })}
        loading={save.isPending}
        disabled={name.trim() === current}
      >
        {t('record.botNameSave')}
      </Button>
    </Group>
  );
}

function CalendarSection({ onSchedule }: { onSchedule: (e: CalendarEvent) => void }) {
  const calendar = useQuery(trpc.meetings.calendar.queryOptions());
  if (!calendar.data?.available) return null;
  return (
    <>
      <Divider my="md" />
      <CalendarMeetings onSchedule={onSchedule} />
    </>
  );
}

/**
 * Record Meet: paste a Google Meet link, pick the scorecard (and the simulation whose context
 * applies), and the configured provider's bot joins now or at a chosen time. Its live state is
 * in the list below. Without a provider the panel says so and how one is configured.
 */
export function RecordMeet() {
  const { t } = useMeetingsT();
  const qc = useQueryClient();
  const me = useMe();
  const settings = useQuery(trpc.meetings.botSettings.queryOptions());
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const choice = useScorecardChoice();
  const [later, setLater] = useState(false);
  const [joinAt, setJoinAt] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const linkRef = useRef<HTMLInputElement>(null);
  // a calendar meeting fills the form: its link, its title, and the bot joins when it starts
  const scheduleFor = (e: CalendarEvent) => {
    setUrl(e.meetUrl);
    setTitle(e.title);
    setLater(true);
    setJoinAt(isoToLocal(e.start));
    setErrors({});
    linkRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    linkRef.current?.focus();
  };
  const request = useMutation(
    trpc.meetings.requestBot.mutationOptions({
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message: later ? t('record.scheduled') : t('record.sent', { botName: settings.data?.botName ?? '' }),
        });
        setUrl('');
        setTitle('');
        setJoinAt('');
        setLater(false);
        setErrors({});
      },
      onSettled: () => {
        void qc.invalidateQueries({ queryKey: trpc.meetings.list.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.meetings.calendar.queryKey() });
      },
    }),
  );

  if (settings.isLoading || settings.isError) return null;
  if (!settings.data?.provider) {
    return (
      <Alert
        color="blue"
        icon={<IconRobot size={18} aria-hidden />}
        title={t('record.notConfiguredTitle')}
        data-testid="bot-not-configured"
      >
        <Text size="sm">{t('record.notConfigured')}</Text>
        {/* the server's settings are the admin's business; everyone else is told whom to ask */}
        {hasRole(me.data?.user.role, ['admin']) ? (
          <Text size="sm" mt={6} data-testid="bot-setup-how">
            {t('record.notConfiguredHow')} <Code>MEETING_BOT_PROVIDER=attendee</Code> / <Code>recall</Code>,{' '}
            <Code>ATTENDEE_API_KEY</Code>, <Code>ATTENDEE_WEBHOOK_SECRET</Code> (<Code>RECALL_…</Code>)
          </Text>
        ) : (
          <Text size="sm" mt={6}>
            {t('record.notConfiguredAskAdmin')}
          </Text>
        )}
      </Alert>
    );
  }

  const submit = () => {
    const next: Record<string, string> = {};
    const link = url.trim();
    if (!GOOGLE_MEET_URL.test(link)) next.meetingUrl = t('validation.meetUrl');
    if (!choice.scorecardId) next.scorecardId = t('validation.scorecardRequired');
    const when = later ? localToIso(joinAt) : null;
    if (later && (!when || new Date(when).getTime() < Date.now())) next.joinAt = t('validation.joinAt');
    setErrors(next);
    if (Object.keys(next).length) return;
    request.mutate({
      meetingUrl: link,
      title: title.trim(),
      ...choice.input(),
      ...(when ? { joinAt: when } : {}),
    });
  };
  const { server: serverErrors, err } = formFieldMessages(t, errors, request);
  const reason = request.isError ? errorInfo(request.error).details?.reason : null;

  return (
    <MeetingCard headingId="record-title">
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          <MeetingCardHeading
            id="record-title"
            title={t('record.title')}
            intro={t('record.intro', { botName: settings.data.botName })}
          />
          {settings.data.canRename && <BotNameSetting key={settings.data.botName} current={settings.data.botName} />}
          <TextInput
            label={t('record.link')}
            placeholder="https://meet.google.com/abc-defg-hij"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
            error={err('meetingUrl')}
            leftSection={<IconBrandGoogle size={16} aria-hidden />}
            ref={linkRef}
            required
            inputMode="url"
            maw={520}
          />
          <TextInput
            label={t('record.callTitle')}
            description={t('record.callTitleHelp')}
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={err('title')}
            maw={520}
          />
          <ScorecardFields {...choice.fields} scorecardError={err('scorecardId')} />
          <Switch label={t('record.later')} checked={later} onChange={(e) => setLater(e.currentTarget.checked)} />
          {later && (
            <TextInput
              type="datetime-local"
              label={t('record.joinAt')}
              description={t('record.joinAtHelp')}
              value={joinAt}
              onChange={(e) => setJoinAt(e.currentTarget.value)}
              error={err('joinAt')}
              required
              maw={320}
            />
          )}
          {request.isError && !serverErrors && (
            <Alert color="red" role="alert" title={t('record.failed')}>
              {errorMessage(t, request.error)}
              {typeof reason === 'string' && reason ? (
                <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {t('record.providerSaid', { reason })}
                </Text>
              ) : null}
            </Alert>
          )}
          <Group>
            <Button type="submit" loading={request.isPending} leftSection={<IconRobot size={16} aria-hidden />}>
              {later ? t('record.schedule') : t('record.send')}
            </Button>
          </Group>
        </Stack>
      </form>
      <CalendarSection onSchedule={scheduleFor} />
    </MeetingCard>
  );
}

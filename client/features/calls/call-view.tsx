import { Alert, Badge, Button, Group, Paper, Progress, Stack, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneCall,
  IconPhoneOff,
  IconSend,
  IconVolumeOff,
  IconWifiOff,
} from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, errorText, stateLabel } from './call-labels';
import { floorText } from './floor-text';
import type { CallSession, CallSnapshot } from './call-session';
import type { CallState } from './protocol';
import { TranscriptView } from './transcript-view';
import { useMicLevel, useNow } from './use-call-session';
import { ErrorAlert } from '../../components/status-alerts';
import { translateMessageKey } from '../../lib/errors';

interface Props {
  session: CallSession;
  snapshot: CallSnapshot;
  /** Dry run: a typed chat, no audio controls. */
  dryRun?: boolean;
  transcriptHeight?: number;
}

/** The live call: state, who speaks, timer and remaining time, mic level, transcript, mute and end. */
export function CallView({ session, snapshot, dryRun = false, transcriptHeight }: Props) {
  const { t } = useTranslation('calls');
  const live = snapshot.phase === 'live' || snapshot.phase === 'ending';
  const offline = snapshot.provider === 'offline';
  const prospectName = snapshot.call?.persona.name || t('transcript.prospect');
  // the line (…Ringing, Call connected, Call ended) and, once connected, who has the floor
  const talking = snapshot.callState === 'listening' || snapshot.callState === 'speaking' ? snapshot.callState : null;
  const line = talking ? 'call_connected' : (snapshot.callState ?? 'connecting');
  const stateText = stateLabel(t, line);
  // on a phone the call's buttons sit right under its state, where they stay on screen
  const narrow = useMediaQuery('(max-width: 48em)');
  const controls = (
    <Group justify="flex-end" gap="sm">
      {!dryRun && (
        <Button
          variant="default"
          leftSection={
            snapshot.muted ? <IconMicrophoneOff size={16} aria-hidden /> : <IconMicrophone size={16} aria-hidden />
          }
          aria-pressed={snapshot.muted}
          onClick={() => session.setMuted(!snapshot.muted)}
          disabled={!live}
        >
          {snapshot.muted ? t('actions.unmute') : t('actions.mute')}
        </Button>
      )}
      <Button
        color="red"
        leftSection={<IconPhoneOff size={16} aria-hidden />}
        onClick={() => void session.hangup()}
        loading={snapshot.phase === 'ending'}
        disabled={!live}
      >
        {t('actions.end')}
      </Button>
    </Group>
  );

  return (
    <Stack gap="sm">
      {/* announced to screen readers on every change of state */}
      <VisuallyHidden role="status" aria-live="polite">
        {t('a11y.state', { state: stateText })}
      </VisuallyHidden>
      {dryRun ? (
        <Alert color="grape" variant="light" icon={<IconWifiOff size={18} aria-hidden />}>
          {t('dryRun.banner')}
        </Alert>
      ) : (
        offline && (
          <Alert color="yellow" variant="light" icon={<IconWifiOff size={18} aria-hidden />}>
            {t('offline.banner')}
          </Alert>
        )
      )}
      {snapshot.timeWarning && live && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {t('timeWarning')}
        </Alert>
      )}
      {snapshot.micError && !dryRun && (
        <Alert color="red" variant="light" icon={<IconMicrophoneOff size={18} aria-hidden />}>
          {t(snapshot.micError === 'denied' ? 'errors.micDenied' : 'errors.micUnavailable')}{' '}
          {offline ? t('offline.typeInstead') : ''}
        </Alert>
      )}
      {snapshot.error === 'server' && <Alert color="red">{errorText(t, 'server', snapshot.serverError)}</Alert>}

      <Paper withBorder p="sm" radius="md" data-testid="call-panel" data-transport={snapshot.transport ?? undefined}>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm">
            <Badge size="lg" variant="light" color={stateColor(line)} data-testid="call-state">
              {stateText}
            </Badge>
            {talking && live && (
              <Text size="sm" c="dimmed" data-testid="call-talking">
                {/* offline, nothing hears the rep's voice unless recognition listens: never say "Listening" then */}
                {floorText(t, {
                  talking,
                  speaking: snapshot.speaking,
                  typesOnly: dryRun || (offline && snapshot.recognition.kind !== 'listening'),
                  prospectName,
                })}
              </Text>
            )}
          </Group>
          <CallClock snapshot={snapshot} />
        </Group>
        {!dryRun && !snapshot.micError && <MicMeter session={session} muted={snapshot.muted} />}
      </Paper>
      {narrow && controls}

      <TranscriptView lines={snapshot.transcript} prospectName={prospectName} chat={dryRun} height={transcriptHeight} />

      {offline && !dryRun && live && <RecognitionLine snapshot={snapshot} prospectName={prospectName} />}
      {offline && !dryRun && snapshot.voiceUnavailable && (
        <Alert color="orange" variant="light" icon={<IconVolumeOff size={18} aria-hidden />}>
          {t('offline.voiceUnavailable', { name: prospectName })}
        </Alert>
      )}
      {(offline || dryRun) && live && (
        <TypedTurn session={session} dryRun={dryRun} disabled={snapshot.phase !== 'live'} />
      )}

      {!narrow && controls}
    </Stack>
  );
}

/** Offline: whether the rep's speech is being heard, and if not, why and what to do instead. */
function RecognitionLine({ snapshot, prospectName }: { snapshot: CallSnapshot; prospectName: string }) {
  const { t } = useTranslation('calls');
  const r = snapshot.recognition;
  if (r.kind === 'failed') {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconMicrophoneOff size={18} aria-hidden />}
        role="status"
        data-testid="recognition-status"
      >
        {t(`offline.recognition.failed.${r.reason}`, { name: prospectName })} {t('offline.typeInstead')}
      </Alert>
    );
  }
  const text =
    r.kind === 'listening'
      ? t('offline.recognition.listening')
      : r.kind === 'paused'
        ? t(r.why === 'muted' ? 'offline.recognition.pausedMuted' : 'offline.recognition.pausedProspect', {
            name: prospectName,
          })
        : t('offline.recognition.starting');
  return (
    <Text size="xs" c="dimmed" role="status" data-testid="recognition-status">
      {text}
    </Text>
  );
}

function stateColor(state: CallState): string {
  if (state === 'ended') return 'gray';
  return state === 'call_connected' ? 'green' : 'blue';
}

function CallClock({ snapshot }: { snapshot: CallSnapshot }) {
  const { t } = useTranslation('calls');
  const running = !!snapshot.connectedAt && (snapshot.phase === 'live' || snapshot.phase === 'ending');
  const now = useNow(running);
  if (!snapshot.connectedAt || !snapshot.call) return null;
  const elapsed = running ? Math.max(0, now - snapshot.connectedAt) : (snapshot.end?.durationMs ?? 0);
  const remaining = snapshot.call.timeLimitSeconds * 1000 - elapsed;
  return (
    <Group gap="md">
      <Text size="sm" aria-label={t('clock.elapsedLabel', { time: clock(elapsed) })}>
        {t('clock.elapsed')} <strong>{clock(elapsed)}</strong>
      </Text>
      <Text
        size="sm"
        c={remaining <= 60_000 ? 'orange' : undefined}
        aria-label={t('clock.remainingLabel', { time: clock(remaining) })}
      >
        {t('clock.remaining')} <strong>{clock(remaining)}</strong>
      </Text>
    </Group>
  );
}

function MicMeter({ session, muted }: { session: CallSession; muted: boolean }) {
  const { t } = useTranslation('calls');
  const level = useMicLevel(session);
  // speech RMS sits around 0.02–0.2: scale so normal speech fills most of the bar
  const percent = muted ? 0 : Math.min(100, Math.round(Math.sqrt(level) * 220));
  return (
    <Group gap="xs" mt="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {muted ? t('mic.muted') : t('mic.level')}
      </Text>
      <Progress
        value={percent}
        w="100%"
        size="sm"
        aria-label={t('mic.level')}
        color={muted ? 'gray' : 'teal'}
        transitionDuration={80}
      />
    </Group>
  );
}

function TypedTurn({ session, dryRun, disabled }: { session: CallSession; dryRun: boolean; disabled: boolean }) {
  const { t } = useTranslation('calls');
  const [text, setText] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (session.sendText(text)) setText('');
  };
  const label = dryRun ? t('typed.dryRunLabel') : t('typed.label');
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          placeholder={t('typed.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          disabled={disabled}
          style={{ flex: 1 }}
          autoComplete="off"
          maxLength={2000}
        />
        <Button
          type="submit"
          variant="light"
          leftSection={<IconSend size={16} aria-hidden />}
          disabled={disabled || !text.trim()}
        >
          {t('typed.send')}
        </Button>
      </Group>
    </form>
  );
}

/** Before a call: why the last start failed, if it did, and the button that starts it. */
export function StartCallButton({
  snapshot,
  label,
  onStart,
}: {
  snapshot: CallSnapshot;
  label: string;
  onStart: () => void;
}) {
  const { t } = useTranslation('calls');
  return (
    <>
      {snapshot.phase === 'failed' && snapshot.error && (
        <ErrorAlert>
          {snapshot.startRefusal
            ? translateMessageKey(t, snapshot.startRefusal)
            : errorText(t, snapshot.error, snapshot.serverError)}
        </ErrorAlert>
      )}
      <Group>
        <Button
          size="md"
          leftSection={<IconPhoneCall size={18} aria-hidden />}
          loading={snapshot.phase === 'starting'}
          onClick={onStart}
        >
          {label}
        </Button>
      </Group>
    </>
  );
}

import { Alert, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepCard } from './step-card';

type MicState = 'idle' | 'asking' | 'live' | 'denied' | 'unavailable';

/**
 * The microphone check before the call: asks for the microphone and shows its level live, so the
 * candidate knows they will be heard. Without one they can still go on: the call then takes typed
 * answers (or the browser's speech recognition, where it exists).
 */
export function MicCheck({ onContinue }: { onContinue: () => void }) {
  const { t } = useTranslation('assessments');
  const [state, setState] = useState<MicState>('idle');
  const [level, setLevel] = useState(0);
  const cleanup = useRef<(() => void) | null>(null);
  useEffect(() => () => cleanup.current?.(), []);

  const ask = async () => {
    if (!navigator.mediaDevices?.getUserMedia) return setState('unavailable');
    setState('asking');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const ctx = new AudioContext();
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 512;
      ctx.createMediaStreamSource(stream).connect(analyser);
      const data = new Uint8Array(analyser.fftSize);
      let frame = 0;
      const tick = () => {
        analyser.getByteTimeDomainData(data);
        let peak = 0;
        for (const v of data) peak = Math.max(peak, Math.abs(v - 128));
        setLevel(Math.min(100, Math.round((peak / 128) * 200)));
        frame = requestAnimationFrame(tick);
      };
      tick();
      cleanup.current = () => {
        cancelAnimationFrame(frame);
        stream.getTracks().forEach((tr) => tr.stop());
        void ctx.close();
      };
      setState('live');
    } catch (e) {
      setState((e as { name?: string }).name === 'NotAllowedError' ? 'denied' : 'unavailable');
    }
  };
  const go = () => {
    cleanup.current?.();
    cleanup.current = null;
    onContinue();
  };

  return (
    <StepCard title={t('mic.title')} text={t('mic.text')}>
      {state === 'idle' && (
        <Button leftSection={<IconMicrophone size={16} aria-hidden />} onClick={() => void ask()} w="fit-content">
          {t('mic.allow')}
        </Button>
      )}
      {state === 'asking' && <Text c="dimmed">{t('mic.asking')}</Text>}
      {state === 'live' && (
        <Stack gap={4}>
          <Text size="sm">{t('mic.speak')}</Text>
          <Progress value={level} aria-label={t('mic.level')} data-testid="mic-level" />
        </Stack>
      )}
      {(state === 'denied' || state === 'unavailable') && (
        <Alert color="orange" role="status">
          {t(state === 'denied' ? 'mic.denied' : 'mic.unavailable')}
        </Alert>
      )}
      <Group>
        {/* a candidate without a microphone (or who would rather type) need not ask for one first */}
        <Button onClick={go} disabled={state === 'asking'}>
          {state === 'live' ? t('mic.continue') : t('mic.continueTyping')}
        </Button>
      </Group>
    </StepCard>
  );
}

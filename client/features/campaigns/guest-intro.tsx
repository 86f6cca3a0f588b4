import { Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { z } from 'zod';
import type { ctaValidateOutput } from '../../../server/contracts/campaigns';
import { Fact } from '../../components/fact';
import { IntroStart } from '../../components/intro-start';
import { useCtaT } from './use-cta-t';

type Intro = z.infer<typeof ctaValidateOutput>;

/** The guest's intro, a public page: the campaign's texts, the simulation, its time limit, the recording notice, Start. */
export function GuestIntro({ intro, onStart }: { intro: Intro; onStart: () => void }) {
  const { t } = useCtaT();
  const sim = intro.simulation;
  return (
    <Stack gap="md">
      {intro.campaign.sub_header && (
        <Text size="lg" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {intro.campaign.sub_header}
        </Text>
      )}
      {intro.first_name && <Text fw={600}>{t('guest.intro.greeting', { name: intro.first_name })}</Text>}
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{intro.campaign.intro_paragraph}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Fact label={t('guest.intro.simulation')} value={sim.name} />
            <Fact
              label={t('guest.intro.timeLimit')}
              value={t('guest.intro.minutes', { count: sim.time_limit_minutes })}
            />
            <Fact label={t('guest.intro.difficulty')} value={t(`difficulty.${sim.difficulty}`, { ns: 'calls' })} />
          </Group>
          {sim.instructions && (
            <>
              <Title order={2} size="h4">
                {t('guest.intro.instructions')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{sim.instructions}</Text>
            </>
          )}
        </Stack>
      </Paper>
      <IntroStart
        notice={t('guest.intro.recordingNotice', { company: intro.company_name })}
        expires={(date) => t('guest.intro.expires', { date })}
        expiresAt={intro.expires_at}
        start={t('guest.intro.start')}
        onStart={onStart}
      />
    </Stack>
  );
}

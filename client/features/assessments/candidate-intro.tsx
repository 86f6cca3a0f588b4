import { Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Fact } from '../../components/fact';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import type { validateTokenOutput } from '../../../server/contracts/assessments';
import { IntroStart } from '../../components/intro-start';

type Intro = z.infer<typeof validateTokenOutput>;

/** The intro of an assessment: type, time limit, difficulty, instructions, tips, and Start. */
export function CandidateIntro({ intro, onStart }: { intro: Intro; onStart: () => void }) {
  const { t } = useTranslation('assessments');
  const sim = intro.simulation;
  return (
    <Stack gap="md">
      <Text>{t('intro.greeting', { name: intro.candidate_first_name, company: intro.company_name })}</Text>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Fact
              label={t('intro.type')}
              value={t(`learnerRoles.${sim.type}`, { ns: 'simulations', defaultValue: sim.type })}
            />
            <Fact label={t('intro.timeLimit')} value={t('intro.minutes', { count: sim.time_limit_minutes })} />
            <Fact label={t('intro.difficulty')} value={t(`difficulty.${sim.difficulty}`, { ns: 'calls' })} />
            <Fact label={t('intro.language')} value={t(`languages.${sim.language}`, { ns: 'simulations' })} />
          </Group>
          <Title order={2} size="h4">
            {t('intro.instructions')}
          </Title>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {sim.instructions || t('intro.noInstructions')}
          </Text>
          <Title order={2} size="h4">
            {t('intro.tipsTitle')}
          </Title>
          <List size="sm" spacing={4}>
            <List.Item>{t('intro.tips.quiet')}</List.Item>
            <List.Item>{t('intro.tips.real')}</List.Item>
            <List.Item>{t('intro.tips.questions')}</List.Item>
            <List.Item>{t('intro.tips.once')}</List.Item>
          </List>
        </Stack>
      </Paper>
      <IntroStart
        notice={t('intro.recordingNotice')}
        expires={(date) => t('intro.expires', { date })}
        expiresAt={intro.expires_at}
        start={t('intro.start')}
        onStart={onStart}
      />
    </Stack>
  );
}

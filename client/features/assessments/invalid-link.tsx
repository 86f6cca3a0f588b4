import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useAssessmentsT } from './use-assessments-t';
import type { LinkProblem } from './link-api';

/**
 * The page of a link that cannot be used: what is wrong with this one, and the reasons a link
 * fails (expired after 48 hours, already completed, copied incorrectly).
 */
export function InvalidLink({ problem, onRetry }: { problem: LinkProblem; onRetry?: () => void }) {
  const { t } = useAssessmentsT();
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" data-testid="invalid-link" data-problem={problem}>
      <Stack>
        <IconLinkOff size={32} aria-hidden />
        <Title order={1} size="h2">
          {t(`link.problem.${problem}.title`)}
        </Title>
        <Text>{t(`link.problem.${problem}.text`)}</Text>
        {problem === 'failed' && onRetry && (
          <Button variant="light" onClick={onRetry} w="fit-content">
            {t('link.retry')}
          </Button>
        )}
        {problem !== 'completed' && problem !== 'started' && problem !== 'failed' && (
          <Alert variant="light" color="gray" title={t('link.reasons.title')}>
            <List size="sm" spacing={4}>
              <List.Item>{t('link.reasons.expired')}</List.Item>
              <List.Item>{t('link.reasons.completed')}</List.Item>
              <List.Item>{t('link.reasons.copied')}</List.Item>
            </List>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('link.contact')}
        </Text>
      </Stack>
    </Paper>
  );
}

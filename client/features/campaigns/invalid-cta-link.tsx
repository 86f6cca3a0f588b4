import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import type { CtaProblem } from './cta-api';
import { useCtaT } from './use-cta-t';

/** The page of a magic link that cannot be used: what is wrong with this one, and why links stop working. */
export function InvalidCtaLink({ problem, onRetry }: { problem: CtaProblem; onRetry?: () => void }) {
  const { t } = useCtaT();
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" data-testid="invalid-link" data-problem={problem}>
      <Stack>
        <IconLinkOff size={32} aria-hidden />
        <Title order={1} size="h2">
          {t(`guest.problem.${problem}.title`)}
        </Title>
        <Text>{t(`guest.problem.${problem}.text`)}</Text>
        {problem === 'failed' && onRetry && (
          <Button variant="light" onClick={onRetry} w="fit-content">
            {t('guest.retry')}
          </Button>
        )}
        {(problem === 'no_token' || problem === 'malformed' || problem === 'invalid') && (
          <Alert variant="light" color="gray" title={t('guest.reasons.title')}>
            <List size="sm" spacing={4}>
              <List.Item>{t('guest.reasons.expired')}</List.Item>
              <List.Item>{t('guest.reasons.used')}</List.Item>
              <List.Item>{t('guest.reasons.copied')}</List.Item>
            </List>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('guest.contact')}
        </Text>
      </Stack>
    </Paper>
  );
}

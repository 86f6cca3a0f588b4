import { ActionIcon, Alert, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useAssessmentsT } from './use-assessments-t';

/** A secret shown once (an API key, a webhook signing secret), with a copy button and the warning. */
export function SecretReveal({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useAssessmentsT();
  return (
    <Stack gap="xs">
      <Alert color="yellow" variant="light" role="status">
        {t('secret.once')}
      </Alert>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid={testId}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('secret.copied') : t('secret.copy')}>
              <ActionIcon variant="light" onClick={copy} aria-label={copied ? t('secret.copied') : t('secret.copy')}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { CopyIconButton } from '../../components/copy-icon-button';
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
        <CopyIconButton
          value={value}
          tip={(copied) => (copied ? t('secret.copied') : t('secret.copy'))}
          variant="light"
        />
      </Group>
    </Stack>
  );
}

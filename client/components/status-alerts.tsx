import { Alert, Button, Stack, Text } from '@mantine/core';
import { useConfigTranslation } from '../lib/use-config-translation';

/** A superuser's panel opened without a client to act on. */
export function ClientMissingAlert() {
  const { t } = useConfigTranslation();
  return (
    <Alert color="red" role="alert">
      {t('clientMissing')}
    </Alert>
  );
}

/** A list that failed to load, with a retry button. */
export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useConfigTranslation();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

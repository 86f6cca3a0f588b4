import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useConfigTranslation } from '../lib/use-config-translation';

/** A failure said in place, announced to screen readers. */
export function ErrorAlert({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" role="alert">
      {children}
    </Alert>
  );
}

/** A superuser's panel opened without a client to act on. */
export function ClientMissingAlert() {
  const { t } = useConfigTranslation();
  return <ErrorAlert>{t('clientMissing')}</ErrorAlert>;
}

/**
 * A list that failed to load, with a retry button: the text above the button, or beside it
 * (`inline`, the admin panels); `retryLabel` when the panel's own namespace names the button.
 */
export function LoadFailedAlert({
  message,
  onRetry,
  retryLabel,
  inline = false,
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  inline?: boolean;
}) {
  const { t } = useConfigTranslation();
  const body = (
    <>
      <Text size="sm">{message}</Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        {retryLabel ?? t('actions.retry')}
      </Button>
    </>
  );
  return (
    <Alert color="red" role="alert">
      {inline ? (
        <Group justify="space-between">{body}</Group>
      ) : (
        <Stack gap="xs" align="flex-start">
          {body}
        </Stack>
      )}
    </Alert>
  );
}

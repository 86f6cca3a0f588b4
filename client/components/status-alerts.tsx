import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfigTranslation } from '../lib/use-config-translation';
import { LoadingScreen } from './loading-screen';

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

/** A list's first load while it runs (a loader in place), or its failure with a retry beside the text; nothing once loaded. */
export function LoadingOrFailed({
  query,
  message,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  message: string;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <LoadingScreen fullHeight={false} />;
  if (!query.isError) return null;
  return <LoadFailedAlert inline message={message} retryLabel={t('app.retry')} onRetry={() => void query.refetch()} />;
}

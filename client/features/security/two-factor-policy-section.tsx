import { Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/status-alerts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

/** Admin → Security: "Require two-factor sign-in for admins", and how many admins have not set it up. */
export function TwoFactorPolicySection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const policy = useQuery(trpc.twoFactor.policy.queryOptions());
  const save = useMutation(
    trpc.twoFactor.setPolicy.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.twoFactor.policy.queryKey(), saved);
        notifySuccess(saved.requireAdminTwoFactor ? t('two-factor:policy.turnedOn') : t('two-factor:policy.turnedOff'));
      },
      onError: (e) => notifyFailure(t, t('two-factor:policy.saveFailed'), e),
    }),
  );
  const p = policy.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-policy-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="two-factor-policy-title">
          {t('two-factor:policy.title')}
        </Title>
        {policy.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {policy.isError && (
          <LoadFailedAlert message={t('two-factor:policy.loadFailed')} onRetry={() => void policy.refetch()} />
        )}
        {p && (
          <>
            <Switch
              label={t('two-factor:policy.label')}
              description={t('two-factor:policy.help')}
              checked={p.requireAdminTwoFactor}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ requireAdminTwoFactor: e.currentTarget.checked })}
            />
            <Text size="sm" c={p.adminsWithoutTwoFactor > 0 ? undefined : 'dimmed'} data-testid="admins-without-2fa">
              {p.adminsWithoutTwoFactor > 0
                ? t('two-factor:policy.adminsWithout', { count: p.adminsWithoutTwoFactor })
                : t('two-factor:policy.allEnrolled')}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}

import { Button, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clientOverviewFields, type ClientOverview } from '../../../server/contracts/client-overview';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { clientScope, type ClientScope } from './client-scope';
import { ClientMissingAlert, LoadFailedAlert } from '../../components/status-alerts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { fieldErrorText, serverFieldErrors } from '../../lib/errors';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { notifyError } from '../../lib/notify';

/** The client overview editor (one text per client); `clientId` targets that client (superuser). */
export function ClientOverviewPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const scope = clientScope(clientId);
  const overview = useQuery(trpc.clientOverview.get.queryOptions(scope.input, { enabled: !scope.missing }));

  return (
    <Stack>
      <Text c="dimmed" size="sm" maw={640}>
        {t('clientOverview.intro')}
      </Text>
      {scope.missing && <ClientMissingAlert />}
      {overview.isLoading && <Loader aria-label={t('app.loading')} />}
      {overview.isError && (
        <LoadFailedAlert message={t('clientOverview.loadFailed')} onRetry={() => void overview.refetch()} />
      )}
      {/* with no client id there is nothing to load, but the editor still shows and refuses to save */}
      {(overview.data || scope.missing) && (
        <OverviewForm
          key={overview.data?.updatedAt ?? 'empty'}
          scope={scope}
          initial={overview.data ?? { details: '', updatedAt: null }}
        />
      )}
    </Stack>
  );
}

function OverviewForm({ scope, initial }: { scope: ClientScope; initial: ClientOverview }) {
  const { t } = useConfigTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { details: initial.details }, validate: zodResolver(clientOverviewFields) });
  const save = useMutation(
    trpc.clientOverview.save.mutationOptions({
      onSuccess: (saved) => queryClient.setQueryData(trpc.clientOverview.get.queryKey(scope.input), saved),
    }),
  );

  const submit = form.onSubmit(async (values) => {
    if (scope.missing) {
      notifyError(t('clientMissing'));
      return;
    }
    try {
      await save.mutateAsync({ ...scope.input, details: values.details });
      notifySuccess(t('clientOverview.saved'));
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) form.setErrors(fields);
      notifyFailure(t, t('clientOverview.saveFailed'), e);
    }
  });

  const savedAt = initial.updatedAt
    ? t('clientOverview.lastSaved', {
        date: f.dateTime(initial.updatedAt),
      })
    : t('clientOverview.neverSaved');

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Textarea
          label={t('clientOverview.label')}
          autosize
          minRows={10}
          maxRows={30}
          {...form.getInputProps('details')}
          error={fieldErrorText(t, form.errors.details)}
        />
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {savedAt}
          </Text>
          <Button type="submit" loading={save.isPending}>
            {t('clientOverview.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

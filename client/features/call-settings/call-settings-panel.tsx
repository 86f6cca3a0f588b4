import { Button, Group, Loader, Radio, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CALL_TRANSPORT_SETTINGS, type CallTransportSetting } from '../../../server/contracts/enums';
import { LoadFailedAlert } from '../../components/status-alerts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { submitWith } from '../../lib/submit';

const isTransport = (v: string): v is CallTransportSetting =>
  (CALL_TRANSPORT_SETTINGS as readonly string[]).includes(v);

/** /admin, Call Settings tab: the tenant's call settings (admins). */
export function CallSettingsPanel() {
  const { t } = useConfigTranslation();
  const settings = useQuery(trpc.callSettings.get.queryOptions());
  return (
    <Stack>
      {settings.isLoading && <Loader aria-label={t('app.loading')} />}
      {settings.isError && (
        <LoadFailedAlert message={t('callSettings.loadFailed')} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && <TransportSetting key={settings.data.transport} current={settings.data.transport} />}
    </Stack>
  );
}

/** "Call connection": WebRTC straight to the model, the server's relay, or WebRTC with the relay as fallback. */
function TransportSetting({ current }: { current: CallTransportSetting }) {
  const { t } = useConfigTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState<CallTransportSetting>(current);
  const save = useMutation(
    trpc.callSettings.update.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.callSettings.get.queryKey(), saved);
        notifySuccess(t('callSettings.saved', { choice: t(`callSettings.transport.${saved.transport}.label`) }));
      },
      onError: (e) => notifyFailure(t, t('callSettings.saveFailed'), e),
    }),
  );
  return (
    <form noValidate onSubmit={submitWith(() => save.mutate({ transport: value }))}>
      <Stack maw={640}>
        <Radio.Group
          label={t('callSettings.transport.label')}
          description={t('callSettings.transport.help')}
          value={value}
          onChange={(v) => isTransport(v) && setValue(v)}
        >
          <Stack gap="sm" mt="xs">
            {CALL_TRANSPORT_SETTINGS.map((choice) => (
              <Radio
                key={choice}
                value={choice}
                label={t(`callSettings.transport.${choice}.label`)}
                description={t(`callSettings.transport.${choice}.description`)}
              />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={value === current}>
            {t('callSettings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

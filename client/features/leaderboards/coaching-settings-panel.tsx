import { Button, Group, Loader, Radio, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailedAlert } from '../../components/status-alerts';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';

const CHOICES = ['shown', 'ranks_only'] as const;
type Names = (typeof CHOICES)[number];

/** /admin, Coaching tab: whether reps see each other's names on the leaderboards (admins). */
export function CoachingSettingsPanel() {
  const { t } = useTranslation('dashboard');
  const settings = useQuery(trpc.leaderboards.settings.queryOptions({}));
  return (
    <Stack>
      {settings.isLoading && <Loader aria-label={t('leaderboard.settings.loading')} />}
      {settings.isError && (
        <LoadFailedAlert message={t('leaderboard.settings.loadFailed')} onRetry={() => void settings.refetch()} />
      )}
      {settings.data && <NamesSetting key={settings.data.leaderboardNames} current={settings.data.leaderboardNames} />}
    </Stack>
  );
}

function NamesSetting({ current }: { current: Names }) {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const [value, setValue] = useState<Names>(current);
  const save = useMutation(
    trpc.leaderboards.updateSettings.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.leaderboards.settings.queryKey({}), saved);
        notifySuccess(t('leaderboard.settings.saved'));
      },
      onError: (e) => notifyFailure(t, t('leaderboard.settings.saveFailed'), e),
    }),
  );
  return (
    <form noValidate onSubmit={submitWith(() => save.mutate({ leaderboardNames: value }))}>
      <Stack maw={640}>
        <Radio.Group
          label={t('leaderboard.settings.label')}
          description={t('leaderboard.settings.help')}
          value={value}
          onChange={(v) => setValue(v === 'ranks_only' ? 'ranks_only' : 'shown')}
        >
          <Stack gap="sm" mt="xs">
            {CHOICES.map((c) => (
              <Radio key={c} value={c} label={t(`leaderboard.settings.${c}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Group>
          <Button type="submit" loading={save.isPending} disabled={value === current}>
            {t('leaderboard.settings.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

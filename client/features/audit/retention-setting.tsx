import { Button, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_RETENTION_MAX, AUDIT_RETENTION_MIN } from '../../../server/contracts/audit';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorMessage } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { AUDIT_NS } from './audit-action';

const valid = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= AUDIT_RETENTION_MIN && n <= AUDIT_RETENTION_MAX;

/**
 * How long the tenant keeps its audit log. Shortening it asks first: the rows past the new
 * period go in the next nightly sweep and cannot come back.
 */
export function RetentionSetting({ clientId }: { clientId?: string }) {
  const { t } = useTranslation(AUDIT_NS);
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.audit.settings.queryOptions({ clientId }));
  const current = settings.data?.retentionDays;
  const [days, setDays] = useState<number | string>('');
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (current !== undefined) setDays(current);
  }, [current]);
  const save = useMutation(trpc.audit.setRetention.mutationOptions());

  const submit = async (n: number) => {
    try {
      await save.mutateAsync({ days: n, clientId });
      setConfirming(false);
      notifySuccess(t('retention.saved', { days: n }));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.audit.settings.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.audit.list.queryKey() }),
      ]);
    } catch (e) {
      if (!confirming) notifyFailure(t, t('retention.failed'), e);
    }
  };
  const onSave = () => {
    if (!valid(days)) return;
    if (current !== undefined && days < current) setConfirming(true);
    else void submit(days);
  };
  const invalid = days !== '' && !valid(days);

  return (
    <Stack gap="xs" component="section" aria-labelledby="audit-retention-title">
      <Title order={3} size="h4" id="audit-retention-title">
        {t('retention.title')}
      </Title>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          onSave();
        }}
      >
        <Group align="flex-end" wrap="wrap" gap="sm">
          <NumberInput
            label={t('retention.label')}
            description={t('retention.description')}
            value={days}
            onChange={setDays}
            min={AUDIT_RETENTION_MIN}
            max={AUDIT_RETENTION_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            error={invalid ? t('validation.retentionRange') : undefined}
            disabled={!settings.isSuccess}
            w={280}
            maw="100%"
          />
          <Button type="submit" loading={save.isPending && !confirming} disabled={!valid(days) || days === current}>
            {t('retention.save')}
          </Button>
        </Group>
      </form>
      {settings.isError && (
        <Text size="sm" c="red" role="alert">
          {t('loadFailed')}
        </Text>
      )}
      <ConfirmDeleteDialog
        opened={confirming}
        title={t('retention.confirmTitle')}
        message={t('retention.confirmBody', { days })}
        cancelLabel={t('retention.cancel')}
        submitLabel={t('retention.confirm', { days })}
        pending={save.isPending}
        error={save.isError && confirming ? errorMessage(t, save.error) : null}
        onCancel={() => {
          setConfirming(false);
          save.reset();
        }}
        onConfirm={() => valid(days) && void submit(days)}
      />
    </Stack>
  );
}

import { Alert, List, Loader, Stack, Text, TextInput } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { ClientOutput } from '../../../server/contracts/clients';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { CLIENTS_NS, notifyFailure, notifySuccess } from '../admin/messages';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

interface Props {
  client: ClientOutput;
  onClose: () => void;
  onDeleted?: () => void;
}

/** Names what will be removed (counts from the server) and asks for the schema name to be typed. */
export function DeleteClientModal({ client, onClose, onDeleted }: Props) {
  const { t } = useTranslation(CLIENTS_NS);
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const preview = useQuery(trpc.clients.deletionPreview.queryOptions({ id: client.id }, { staleTime: 0 }));
  const remove = useMutation(
    trpc.clients.delete.mutationOptions({
      onSuccess: () => {
        queryClient.setQueryData(trpc.clients.list.queryKey(), (old: ClientOutput[] | undefined) =>
          old?.filter((c) => c.id !== client.id),
        );
        void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
        queryClient.removeQueries({ queryKey: trpc.clients.get.queryKey({ id: client.id }) });
        notifySuccess(t('notifications.deleted', { name: client.name }));
        onClose();
        onDeleted?.();
      },
    }),
  );
  const matches = typed.trim() === client.schemaName;
  const own = preview.data?.isOwnClient ?? false;

  const confirm = async () => {
    if (!matches) {
      setMismatch(true);
      return;
    }
    try {
      await remove.mutateAsync({ id: client.id, confirmSchemaName: typed });
    } catch (e) {
      const { appCode, details } = errorInfo(e);
      if (appCode === 'VALIDATION' && details?.field === 'confirmSchemaName') setMismatch(true);
      notifyFailure(t('errors.deleteFailed'), e, details?.reason === 'ownClient' ? t('delete.ownClient') : undefined);
    }
  };

  return (
    <AppModal
      opened
      onClose={() => !remove.isPending && onClose()}
      title={t('delete.title', { name: client.name })}
      centered
    >
      <Stack>
        <Text size="sm">
          <Trans t={t} i18nKey="delete.intro" values={{ name: client.name }} components={{ b: <strong /> }} />
        </Text>
        {preview.isPending && <Loader size="sm" aria-label={t('common:app.loading')} />}
        {preview.isError && <ErrorAlert>{t('errors.previewFailed')}</ErrorAlert>}
        {preview.data && (
          <div>
            <Text size="sm" fw={600}>
              {t('delete.willRemove')}
            </Text>
            {preview.data.items.length ? (
              <List size="sm" aria-label={t('delete.willRemove')}>
                {preview.data.items.map((i) => (
                  <List.Item key={i.key}>
                    {t('delete.item', { label: t(`deletion.${i.key}`, { defaultValue: i.key }), count: i.count })}
                  </List.Item>
                ))}
              </List>
            ) : (
              <Text size="sm" c="dimmed">
                {t('delete.nothingElse')}
              </Text>
            )}
          </div>
        )}
        {own ? (
          <Alert color="yellow" role="alert">
            {t('delete.ownClient')}
          </Alert>
        ) : (
          <TextInput
            label={t('delete.confirmLabel', { schemaName: client.schemaName })}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setMismatch(false);
            }}
            error={mismatch ? t('validation.confirmMismatch') : undefined}
            autoCapitalize="none"
            autoComplete="off"
            spellCheck={false}
            data-autofocus
          />
        )}
        <ModalFooter
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          cancelDisabled={remove.isPending}
          confirmLabel={t('delete.submit')}
          onConfirm={() => void confirm()}
          color="red"
          loading={remove.isPending}
          disabled={own || !preview.data || !matches}
        />
      </Stack>
    </AppModal>
  );
}

import { ActionIcon, Alert, Button, Group, Loader, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callInstructionFields, type CallInstruction, type CallInstructionFields } from '../../../server/contracts/call-instructions';
import { fieldErrorText } from '../../lib/message-key';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { clientScope } from '../client-overview/client-scope';
import { ClientMissingAlert, ConfirmDeleteModal, LoadFailedAlert, notifyFailure, notifySuccess, serverFieldErrors, useConfigTranslation } from '../client-overview/config-ui';

/** The first words of a text, to name it in the delete confirmation. */
const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text).replace(/\s+/g, ' ');

/** The call instructions editor (client detail tab); `clientId` targets that client (superuser). */
export function CallInstructionsPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.callInstructions.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const [editing, setEditing] = useState<{ record: CallInstruction | null } | null>(null);
  const [deleting, setDeleting] = useState<{ record: CallInstruction; number: number } | null>(null);

  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.callInstructions.list.queryKey(scope.input) });
    if (id) void queryClient.invalidateQueries({ queryKey: trpc.callInstructions.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.callInstructions.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.callInstructions.update.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  const remove = useMutation(trpc.callInstructions.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  const save = async (values: CallInstructionFields) => {
    const current = editing?.record;
    try {
      if (current) await update.mutateAsync({ ...scope.input, ...values, id: current.id });
      else await create.mutateAsync({ ...scope.input, ...values });
      notifySuccess(t(current ? 'callInstructions.updated' : 'callInstructions.created'));
      setEditing(null);
    } catch (e) {
      notifyFailure(t, t(current ? 'callInstructions.updateFailed' : 'callInstructions.createFailed'), e);
      throw e;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ ...scope.input, id: deleting.record.id });
      notifySuccess(t('callInstructions.deleted'));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t('callInstructions.deleteFailed'), e);
    }
  };

  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" size="sm" maw={640}>
          {t('callInstructions.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ record: null })}>
          {t('callInstructions.add')}
        </Button>
      </Group>
      {scope.missing && <ClientMissingAlert />}
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('callInstructions.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t('callInstructions.empty')}</Text>}
      {rows.length > 0 && (
        <Stack component="ul" aria-label={t('callInstructions.listLabel')} gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
          {rows.map((r, i) => (
            <Paper component="li" key={r.id} withBorder p="md" aria-label={t('callInstructions.itemLabel', { number: i + 1 })}>
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={8}>
                  {r.instructions}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon variant="subtle" aria-label={t('callInstructions.editAria', { number: i + 1 })} onClick={() => setEditing({ record: r })}>
                    <IconPencil size={18} aria-hidden />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('callInstructions.deleteAria', { number: i + 1 })}
                    onClick={() => setDeleting({ record: r, number: i + 1 })}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {editing && (
        <CallInstructionForm
          key={editing.record?.id ?? 'new'}
          record={editing.record}
          clientMissing={scope.missing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t('callInstructions.deleteTitle')}
        message={deleting ? t('callInstructions.deleteConfirm', { number: deleting.number, preview: preview(deleting.record.instructions) }) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

interface FormProps {
  record: CallInstruction | null;
  clientMissing: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: CallInstructionFields) => Promise<void>;
}

function CallInstructionForm({ record, clientMissing, saving, onClose, onSave }: FormProps) {
  const { t } = useConfigTranslation();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const form = useForm<CallInstructionFields>({ initialValues: { instructions: record?.instructions ?? '' }, validate: zodResolver(callInstructionFields) });

  const submit = form.onSubmit(async (values) => {
    if (clientMissing) {
      notifications.show({ color: 'red', message: t('clientMissing') });
      return;
    }
    try {
      await onSave(callInstructionFields.parse(values));
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) form.setErrors(fields);
    }
  });

  return (
    <Modal
      opened
      onClose={() => !saving && onClose()}
      title={t(record ? 'callInstructions.editTitle' : 'callInstructions.createTitle')}
      size="lg"
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': t('app.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {clientMissing && (
            <Alert color="red" role="alert">
              {t('clientMissing')}
            </Alert>
          )}
          <Textarea
            label={t('callInstructions.instructions')}
            withAsterisk
            data-autofocus
            autosize
            minRows={8}
            maxRows={20}
            {...form.getInputProps('instructions')}
            error={fieldErrorText(t, form.errors.instructions)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={saving}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {t('actions.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

import { ActionIcon, Alert, Button, Group, Loader, Modal, Stack, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { icpFields } from '../../../server/contracts/icps';
import { fieldErrorText } from '../../lib/message-key';
import { zodResolver } from '../../lib/zod-resolver';
import { ClientMissingAlert, ConfirmDeleteModal, LoadFailedAlert, notifyFailure, notifySuccess, serverFieldErrors, useConfigTranslation } from '../client-overview/config-ui';
import { ScrollTable } from '../../components/scroll-table';
import { NameText } from '../../components/name-text';

export interface NamedRecord {
  id: string;
  name: string;
  details: string;
}
export interface NamedFields {
  name: string;
  details: string;
}

interface Props {
  /** The locale section: `icps` or `productGroupings` (texts, messages and validation keys). */
  section: 'icps' | 'productGroupings';
  /** The entity's own form schema (its messages carry the section's keys). */
  schema: typeof icpFields;
  clientMissing: boolean;
  list: UseQueryResult<NamedRecord[], unknown>;
  saving: boolean;
  onCreate: (values: NamedFields) => Promise<NamedRecord>;
  onUpdate: (id: string, values: NamedFields) => Promise<NamedRecord>;
  onDelete: (id: string) => Promise<unknown>;
}

/** List + add/edit/delete for records with a name and details (ICPs, product groupings). */
export function NamedRecordsView({ section, schema, clientMissing, list, saving, onCreate, onUpdate, onDelete }: Props) {
  const { t } = useConfigTranslation();
  const k = (key: string) => `${section}.${key}`;
  const [editing, setEditing] = useState<{ record: NamedRecord | null } | null>(null);
  const [deleting, setDeleting] = useState<NamedRecord | null>(null);

  const save = async (values: NamedFields) => {
    const current = editing?.record;
    try {
      const saved = current ? await onUpdate(current.id, values) : await onCreate(values);
      notifySuccess(t(k(current ? 'updated' : 'created'), { name: saved.name }));
      setEditing(null);
    } catch (e) {
      notifyFailure(t, t(k(current ? 'updateFailed' : 'createFailed')), e);
      throw e;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await onDelete(deleting.id);
      notifySuccess(t(k('deleted'), { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t(k('deleteFailed')), e);
    }
  };

  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" size="sm" maw={640}>
          {t(k('intro'))}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ record: null })}>
          {t(k('add'))}
        </Button>
      </Group>
      {clientMissing && <ClientMissingAlert />}
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t(k('loadFailed'))} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t(k('empty'))}</Text>}
      {rows.length > 0 && (
        <ScrollTable minWidth={320}>
          <Table striped verticalSpacing="sm" aria-label={t(k('tableLabel'))}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w="30%">{t(k('name'))}</Table.Th>
                <Table.Th visibleFrom="sm">{t(k('details'))}</Table.Th>
                <Table.Th w={96}>
                  <VisuallyHidden>{t('actions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <NameText fw={600} size="sm">
                      {r.name}
                    </NameText>
                    {/* narrow screens: the details under the name instead of their own column */}
                    <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
                      {r.details}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                      {r.details}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon variant="subtle" aria-label={t(k('editAria'), { name: r.name })} onClick={() => setEditing({ record: r })}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t(k('deleteAria'), { name: r.name })} onClick={() => setDeleting(r)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {editing && (
        <NamedRecordForm
          key={editing.record?.id ?? 'new'}
          section={section}
          schema={schema}
          record={editing.record}
          clientMissing={clientMissing}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t(k('deleteTitle'))}
        message={deleting ? t(k('deleteConfirm'), { name: deleting.name }) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

interface FormProps {
  section: Props['section'];
  schema: Props['schema'];
  record: NamedRecord | null;
  clientMissing: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: NamedFields) => Promise<void>;
}

function NamedRecordForm({ section, schema, record, clientMissing, saving, onClose, onSave }: FormProps) {
  const { t } = useConfigTranslation();
  const k = (key: string) => `${section}.${key}`;
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const form = useForm<NamedFields>({ initialValues: { name: record?.name ?? '', details: record?.details ?? '' }, validate: zodResolver(schema) });

  const submit = form.onSubmit(async (values) => {
    if (clientMissing) {
      notifications.show({ color: 'red', message: t('clientMissing') });
      return;
    }
    try {
      await onSave(schema.parse(values));
    } catch (e) {
      const fields = serverFieldErrors(e);
      if (fields) form.setErrors(fields);
    }
  });

  return (
    <Modal
      opened
      onClose={() => !saving && onClose()}
      title={t(k(record ? 'editTitle' : 'createTitle'))}
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
          <TextInput label={t(k('name'))} withAsterisk data-autofocus {...form.getInputProps('name')} error={fieldErrorText(t, form.errors.name)} />
          <Textarea
            label={t(k('details'))}
            description={t(k('detailsHelp'))}
            autosize
            minRows={6}
            maxRows={16}
            {...form.getInputProps('details')}
            error={fieldErrorText(t, form.errors.details)}
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

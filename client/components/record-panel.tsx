import { ActionIcon, Button, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useForm, type LooseKeys, type UseFormReturnType } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { fieldErrorText, serverFieldErrors } from '../lib/errors';
import { fieldsWithErrors } from '../lib/form-field';
import { zodResolver } from '../lib/zod-resolver';
import { notifyFailure, notifySuccess } from '../lib/notify';
import { useConfigTranslation } from '../lib/use-config-translation';
import { ConfirmDeleteModal } from './confirm-delete-dialog';
import { ClientMissingAlert, LoadFailedAlert, ErrorAlert } from './status-alerts';
import { PanelIntro } from './panel-intro';
import { DataTable } from './data-table';
import { NameText } from './name-text';
import { FormModal } from './modal-footer';

interface RecordActions<R> {
  edit: (record: R) => void;
  remove: (record: R, index: number) => void;
}

export interface RecordFormProps<R, F> {
  record: R | null;
  clientMissing: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: F) => Promise<void>;
}

interface Props<R extends { id: string }, F> {
  /**
   * The locale section in `config` (`personas`, `icps`, `productGroupings`, `callInstructions`):
   * intro, add, loadFailed, empty, created/updated/deleted, *Failed, deleteTitle, deleteConfirm.
   */
  section: string;
  clientMissing: boolean;
  list: UseQueryResult<R[], unknown>;
  saving: boolean;
  /** The values that name a record in the messages (`{ name }`, or `{ number, preview }`). */
  names: (record: R, index: number) => Record<string, unknown>;
  onCreate: (values: F) => Promise<R>;
  onUpdate: (id: string, values: F) => Promise<R>;
  onDelete: (id: string) => Promise<unknown>;
  renderList: (rows: R[], actions: RecordActions<R>) => ReactNode;
  renderForm: (props: RecordFormProps<R, F> & { key: string }) => ReactNode;
}

/**
 * The editor of a client's configuration records (personas, ICPs, product groupings, call
 * instructions): intro and add button, list states, the create/edit form, the delete
 * confirmation and their notifications. The caller draws the list and the form fields.
 */
export function RecordPanel<R extends { id: string }, F>(props: Props<R, F>) {
  const { section, clientMissing, list, saving, names, onCreate, onUpdate, onDelete, renderList, renderForm } = props;
  const { t } = useConfigTranslation();
  const k = (key: string) => `${section}.${key}`;
  const [editing, setEditing] = useState<{ record: R | null } | null>(null);
  const [deleting, setDeleting] = useState<{ record: R; index: number } | null>(null);
  const rows = list.data ?? [];

  const save = async (values: F) => {
    const current = editing?.record;
    try {
      const saved = current ? await onUpdate(current.id, values) : await onCreate(values);
      notifySuccess(
        t(
          k(current ? 'updated' : 'created'),
          names(
            saved,
            rows.findIndex((r) => r.id === saved.id),
          ),
        ),
      );
      setEditing(null);
    } catch (e) {
      notifyFailure(t, t(k(current ? 'updateFailed' : 'createFailed')), e);
      throw e;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await onDelete(deleting.record.id);
      notifySuccess(t(k('deleted'), names(deleting.record, deleting.index)));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t(k('deleteFailed')), e);
    }
  };

  return (
    <Stack>
      <PanelIntro intro={t(k('intro'))}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ record: null })}>
          {t(k('add'))}
        </Button>
      </PanelIntro>
      {clientMissing && <ClientMissingAlert />}
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t(k('loadFailed'))} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t(k('empty'))}</Text>}
      {rows.length > 0 &&
        renderList(rows, {
          edit: (record) => setEditing({ record }),
          remove: (record, index) => setDeleting({ record, index }),
        })}
      {editing &&
        renderForm({
          key: editing.record?.id ?? 'new',
          record: editing.record,
          clientMissing,
          saving,
          onClose: () => setEditing(null),
          onSave: save,
        })}
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t(k('deleteTitle'))}
        message={deleting ? t(k('deleteConfirm'), names(deleting.record, deleting.index)) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

/** The edit and delete buttons of one record row, named for the record. */
export function RecordRowActions({
  editLabel,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editLabel: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" aria-label={editLabel} onClick={onEdit}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={deleteLabel} onClick={onDelete}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}

interface FormModalProps<V, F> {
  title: string;
  size?: 'lg' | 'xl';
  /** The entity's zod schema: checks the fields (its messages are i18n keys) and turns the values into what is saved. */
  schema: z.ZodType<F>;
  initialValues: V;
  clientMissing: boolean;
  saving: boolean;
  onClose: () => void;
  onSave: (values: F) => Promise<void>;
  /** The fields, given `field(path)`: a field's props with its translated error. */
  children: (field: (path: LooseKeys<V>) => ReturnType<UseFormReturnType<V>['getInputProps']>) => ReactNode;
}

/**
 * The create/edit modal of a configuration record, holding its form: the client-missing guard,
 * the schema's and the server's field errors next to the fields, Cancel and Save. The caller
 * gives the fields.
 */
export function RecordFormModal<V extends Record<string, unknown>, F>({
  title,
  size = 'lg',
  schema,
  initialValues,
  clientMissing,
  saving,
  onClose,
  onSave,
  children,
}: FormModalProps<V, F>) {
  const { t } = useConfigTranslation();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const form = useForm<V>({ initialValues, validate: zodResolver(schema) });
  const field = fieldsWithErrors(form, (path: LooseKeys<V>) => fieldErrorText(t, form.errors[path]));
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
    <FormModal
      onClose={onClose}
      title={title}
      size={size}
      fullScreen={fullScreen}
      centered={false}
      onSubmit={submit}
      noValidate
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('actions.save')}
      loading={saving}
      lockWhileLoading
    >
      {clientMissing && <ErrorAlert>{t('clientMissing')}</ErrorAlert>}
      {children(field)}
    </FormModal>
  );
}

interface RecordColumn<R> {
  head: string;
  cell: (record: R) => ReactNode;
  /** Columns that give way on narrow screens. */
  wide?: boolean;
  tt?: 'capitalize';
}

/**
 * The table of named records: the name (with the summary under it on narrow screens), the summary
 * in its own column on wider ones, the caller's further columns, and the edit and delete buttons.
 */
export function RecordTable<R extends { id: string; name: string }>({
  section,
  rows,
  actions,
  summary,
  columns = [],
  nameWidth,
  actionsWidth,
  highlightOnHover,
}: {
  section: string;
  rows: R[];
  actions: RecordActions<R>;
  summary: { head: string; text: (record: R) => string; preLine?: boolean };
  columns?: RecordColumn<R>[];
  nameWidth?: string;
  actionsWidth?: number;
  highlightOnHover?: boolean;
}) {
  const { t } = useConfigTranslation();
  return (
    <DataTable
      minWidth={320}
      striped
      highlightOnHover={highlightOnHover}
      verticalSpacing="sm"
      aria-label={t(`${section}.tableLabel`)}
      columns={[
        { label: t(`${section}.name`), w: nameWidth },
        { label: summary.head, visibleFrom: 'sm' },
        ...columns.map((c) => ({ label: c.head, visibleFrom: c.wide ? 'sm' : undefined })),
        { label: t('actions.actions'), hidden: true, w: actionsWidth },
      ]}
    >
      {rows.map((r, i) => (
        <Table.Tr key={r.id}>
          <Table.Td>
            <NameText fw={600} size="sm">
              {r.name}
            </NameText>
            {/* narrow screens: the summary under the name instead of its own column */}
            <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
              {summary.text(r)}
            </Text>
          </Table.Td>
          <Table.Td visibleFrom="sm">
            <Text size="sm" lineClamp={3} style={summary.preLine ? { whiteSpace: 'pre-line' } : undefined}>
              {summary.text(r)}
            </Text>
          </Table.Td>
          {columns.map((c) => (
            <Table.Td key={c.head} visibleFrom={c.wide ? 'sm' : undefined} tt={c.tt}>
              {c.cell(r)}
            </Table.Td>
          ))}
          <Table.Td>
            <RecordRowActions
              editLabel={t(`${section}.editAria`, { name: r.name })}
              deleteLabel={t(`${section}.deleteAria`, { name: r.name })}
              onEdit={() => actions.edit(r)}
              onDelete={() => actions.remove(r, i)}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </DataTable>
  );
}

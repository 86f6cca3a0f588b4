import '@mantine/dropzone/styles.css';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  CloseButton,
  Group,
  Loader,
  Progress,
  Stack,
  Switch,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import { IconFileUpload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatFileSize,
  formatLimit,
  KIND_EXTENSIONS,
  KIND_MIME,
  KNOWLEDGE_KINDS,
  MAX_FILE_BYTES,
  type KnowledgeFile,
} from '../../../server/contracts/knowledge';
import { currentLanguage } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { ClientMissingAlert, LoadFailedAlert } from '../../components/status-alerts';
import { ConfirmDeleteModal } from '../../components/confirm-delete-dialog';
import { KnowledgeSearch } from './knowledge-search';
import { tooLargeMessage, uploadErrorMessage } from './upload-messages';
import { uploadKnowledgeFile } from './upload-file';

import { NameText } from '../../components/name-text';
import { notifyError, notifyFailure, notifyNotice, notifySuccess } from '../../lib/notify';
import { DataTable } from '../../components/data-table';

const ACCEPT = Object.fromEntries(KNOWLEDGE_KINDS.map((k) => [KIND_MIME[k], [...KIND_EXTENSIONS[k]]]));

interface UploadItem {
  key: string;
  name: string;
  percent: number;
  /** Set when it failed: the translated reason. */
  error?: string;
}

let uploadSeq = 0;

/** The knowledge-base file manager of one simulation: upload, list, enable/disable, delete. */
export function KnowledgeFilesPanel({ simulationId, clientId }: { simulationId: string; clientId?: string }) {
  const { t } = useTranslation(['knowledge', 'common'], { nsMode: 'fallback' });
  const lng = currentLanguage();
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const input = { ...scope.input, simulationId };
  const listKey = trpc.knowledge.list.queryKey(input);
  const list = useQuery(trpc.knowledge.list.queryOptions(input, { enabled: !scope.missing }));
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [deleting, setDeleting] = useState<KnowledgeFile | null>(null);
  const openRef = useRef<() => void>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: listKey });
  // the switch shows the new state at once; it snaps back if the server refuses
  const [pendingEnabled, setPendingEnabled] = useState<Record<string, boolean>>({});
  const toggle = useMutation(trpc.knowledge.setEnabled.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.knowledge.delete.mutationOptions({ onSuccess: refresh }));

  const patch = (key: string, change: Partial<UploadItem> | null) =>
    setUploads((items) =>
      change ? items.map((u) => (u.key === key ? { ...u, ...change } : u)) : items.filter((u) => u.key !== key),
    );

  const failUpload = (name: string, reason: string) => {
    setUploads((items) => [...items, { key: `f${++uploadSeq}`, name, percent: 0, error: reason }]);
    notifyError(`${name}: ${reason}`, t('uploadFailed'));
  };

  const uploadOne = async (file: File) => {
    const key = `u${++uploadSeq}`;
    setUploads((items) => [...items, { key, name: file.name, percent: 0 }]);
    try {
      const stored = await uploadKnowledgeFile(simulationId, file, {
        clientId: scope.input.clientId,
        onProgress: (percent) => patch(key, { percent }),
      });
      // this file is in now: an earlier failure of the same file no longer applies
      setUploads((items) => items.filter((u) => u.key !== key && !(u.error && u.name === file.name)));
      notifyNotice(
        stored.status === 'ready' ? 'green' : 'yellow',
        t(stored.status === 'ready' ? 'uploaded' : 'uploadedNoText', { name: stored.name }),
      );
      void refresh();
    } catch (e) {
      const reason = uploadErrorMessage(t, lng, e);
      patch(key, { error: reason });
      notifyError(`${file.name}: ${reason}`, t('uploadFailed'));
    }
  };

  const onDrop = async (files: FileWithPath[]) => {
    // one at a time: each gets the server's full attention and its own progress bar
    for (const f of files) await uploadOne(f);
  };

  const onReject = (rejections: FileRejection[]) => {
    for (const r of rejections) {
      const code = r.errors[0]?.code;
      failUpload(r.file.name, code === 'file-too-large' ? tooLargeMessage(t, lng, r.file.size) : t('unsupportedType'));
    }
  };

  const setEnabled = async (f: KnowledgeFile, enabled: boolean) => {
    setPendingEnabled((p) => ({ ...p, [f.id]: enabled }));
    try {
      await toggle.mutateAsync({ ...scope.input, id: f.id, enabled });
      notifySuccess(t(enabled ? 'enabledNotice' : 'disabledNotice', { name: f.name }));
    } catch (e) {
      notifyFailure(t, t('toggleFailed'), e);
    } finally {
      setPendingEnabled(({ [f.id]: _done, ...rest }) => rest);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ ...scope.input, id: deleting.id });
      notifySuccess(t('deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t('deleteFailed'), e);
    }
  };

  const files = list.data ?? [];
  const busy = uploads.some((u) => !u.error);
  return (
    <Stack>
      {scope.missing && <ClientMissingAlert />}
      <Dropzone
        // a new drop or pick starts afresh: the errors of earlier uploads leave the screen
        onDropAny={() => setUploads((items) => items.filter((u) => !u.error))}
        onDrop={(f) => void onDrop(f)}
        onReject={onReject}
        accept={ACCEPT}
        maxSize={MAX_FILE_BYTES}
        openRef={openRef}
        disabled={scope.missing}
        aria-label={t('dropzone.label')}
        inputProps={{ 'aria-label': t('dropzone.label') }}
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <IconFileUpload size={36} stroke={1.5} aria-hidden />
          <div>
            <Text fw={600}>{t('dropzone.title')}</Text>
            <Text size="sm" c="dimmed">
              {t('dropzone.hint', { max: formatLimit(MAX_FILE_BYTES, lng) })}
            </Text>
          </div>
        </Group>
      </Dropzone>
      <Group>
        <Button
          variant="light"
          leftSection={<IconFileUpload size={16} aria-hidden />}
          onClick={() => openRef.current?.()}
          disabled={scope.missing}
        >
          {t('choose')}
        </Button>
      </Group>

      {uploads.length > 0 && (
        <Stack gap="xs" aria-live="polite">
          {uploads.map((u) =>
            u.error ? (
              <Alert key={u.key} color="red" role="alert" title={t('uploadFailed')} withCloseButton={false}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text size="sm">
                    {u.name}: {u.error}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('dismiss', { name: u.name })}
                    onClick={() => patch(u.key, null)}
                  />
                </Group>
              </Alert>
            ) : (
              <Stack key={u.key} gap={4}>
                <Text size="sm">
                  {u.percent < 100
                    ? t('uploading', { name: u.name, percent: u.percent })
                    : t('processing', { name: u.name })}
                </Text>
                <Progress
                  value={u.percent}
                  animated={u.percent >= 100}
                  aria-label={t('progressLabel', { name: u.name })}
                />
              </Stack>
            ),
          )}
        </Stack>
      )}

      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('loadFailed')} onRetry={() => void list.refetch()} />}
      {list.isSuccess && files.length === 0 && !busy && <Text c="dimmed">{t('empty')}</Text>}
      {files.length > 0 && (
        <DataTable
          minWidth={320}
          striped
          verticalSpacing="sm"
          aria-label={t('tableLabel')}
          columns={[
            t('columns.name'),
            { label: t('columns.owner'), visibleFrom: 'sm' },
            t('columns.size'),
            t('columns.enabled'),
            { label: t('columns.status'), visibleFrom: 'xs' },
            { label: t('columns.actions'), hidden: true },
          ]}
        >
          {files.map((f) => (
            <Table.Tr key={f.id}>
              <Table.Td>
                <NameText size="sm" fw={600}>
                  {f.name}
                </NameText>
                {f.status === 'no_text' && (
                  <Text size="xs" c="orange.8">
                    {t('noTextHint')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{f.owner ?? t('unknownOwner')}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatFileSize(f.sizeBytes, lng)}</Table.Td>
              <Table.Td>
                <Switch
                  checked={pendingEnabled[f.id] ?? f.enabled}
                  onChange={(e) => void setEnabled(f, e.currentTarget.checked)}
                  disabled={f.id in pendingEnabled}
                  aria-label={t('enableAria', { name: f.name })}
                />
              </Table.Td>
              <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                {f.status === 'ready' ? (
                  <Tooltip label={t('chunks', { count: f.chunkCount })}>
                    <Badge color="green" variant="light" style={{ overflow: 'visible' }}>
                      {t('status.ready')}
                    </Badge>
                  </Tooltip>
                ) : (
                  <Badge color="orange" variant="light" style={{ overflow: 'visible' }}>
                    {t('status.no_text')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('deleteAria', { name: f.name })}
                  onClick={() => setDeleting(f)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      {files.some((f) => f.enabled && f.status === 'ready') && (
        <KnowledgeSearch simulationId={simulationId} clientId={clientId} />
      )}
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t('deleteTitle')}
        message={deleting ? t('deleteConfirm', { name: deleting.name }) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}

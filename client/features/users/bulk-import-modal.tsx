import '@mantine/dropzone/styles.css';
import { Alert, Button, Group, Progress, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { Dropzone } from '@mantine/dropzone';
import { IconDownload, IconFileTypeCsv } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DEFAULT_SPECIALS } from '../../../server/contracts/password-policy';
import type { CreatedAccountRow, ImportRowError, ImportStatusRow } from '../../../server/contracts/users';
import { toCsv } from '../../../server/contracts/csv';
import {
  CREDENTIALS_CSV_COLUMNS,
  MAX_IMPORT_CHARS,
  MAX_IMPORT_ROWS,
  USERS_CSV_TEMPLATE_ROWS,
} from '../../../server/contracts/user-fields';
import { MANAGED_USER_TYPES, USER_TYPE_LABELS } from '../../../server/contracts/user-types';
import { errorInfo, errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { downloadText } from './download';
import { useUsersT } from './users-i18n';
import { notifyError, notifyFailure } from '../../lib/notify';
import { ErrorAlert } from '../../components/status-alerts';
import { TableHead } from '../../components/data-table';

const POLL_MS = 400;
const CSV_ACCEPT = { 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.csv'], 'text/plain': ['.csv'] };

type State =
  | { kind: 'idle' }
  | { kind: 'running'; status: Pick<ImportStatusRow, 'phase' | 'processed' | 'total'> }
  | { kind: 'fileProblem'; message: string }
  | { kind: 'rejected'; errors: ImportRowError[] }
  | { kind: 'done'; created: CreatedAccountRow[]; count: number };

interface Props {
  opened: boolean;
  onClose: () => void;
  clientId?: string;
}

/** Date and time for file names, e.g. 2026-11-21-0542 (UTC). */
const stamp = () =>
  new Date()
    .toISOString()
    .slice(0, 16)
    .replace(/[T:]/g, '-')
    .replace(/-(\d\d)$/, '$1');

export function BulkImportModal({ opened, onClose, clientId }: Props) {
  const { t, tc } = useUsersT();
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const start = useMutation(trpc.users.bulkImport.start.mutationOptions());
  // the started import, polled with React Query until it is done or failed (stops on unmount)
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({
    ...trpc.users.bulkImport.status.queryOptions({ id: jobId ?? '', clientId }),
    enabled: jobId !== null,
    retry: false,
    gcTime: 0,
    refetchInterval: (q) =>
      q.state.data && q.state.data.phase !== 'done' && q.state.data.phase !== 'failed' ? POLL_MS : false,
  });

  const running = state.kind === 'running' || start.isPending;
  const close = () => {
    if (running) return; // the import finishes on the server either way; its credentials are shown only here
    setState({ kind: 'idle' });
    onClose();
  };

  const reason = (e: ImportRowError) => {
    const p = e.params ?? {};
    const values: Record<string, string | number> = { ...p };
    if (e.code === 'passwordPolicy') {
      const ruleValues = { min: p.min, max: p.max, chars: p.chars ?? DEFAULT_SPECIALS };
      values.rules = String(p.rules ?? '')
        .split(',')
        .filter(Boolean)
        .map((r) => tc(`profile.password.rules.${r}`, ruleValues))
        .join('; ');
    }
    if (e.code === 'userTypeUnknown') values.allowed = MANAGED_USER_TYPES.map((type) => t(`types.${type}`)).join(', ');
    return t(`bulk.reasons.${e.code}`, { ...values, defaultValue: e.reason });
  };

  useEffect(() => {
    const s = job.data;
    if (!jobId || !s) return;
    if (s.phase === 'done') {
      setJobId(null);
      setState({ kind: 'done', created: s.created ?? [], count: s.createdCount });
      void Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.users.list.queryKey({ clientId }) }),
        queryClient.invalidateQueries({ queryKey: trpc.users.managers.queryKey({ clientId }) }),
      ]);
    } else if (s.phase === 'failed') {
      setJobId(null);
      if (s.errors?.length) setState({ kind: 'rejected', errors: s.errors });
      else {
        setState({ kind: 'idle' });
        notifyError(s.failure?.message ?? tc('errors.INTERNAL'), t('errors.bulk'));
      }
    } else setState({ kind: 'running', status: s });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to each new status only
  }, [job.data]);

  useEffect(() => {
    if (!jobId || !job.error) return;
    setJobId(null);
    failed(job.error);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- react to a failed status request only
  }, [job.error]);

  function failed(e: unknown) {
    const { appCode, details } = errorInfo(e);
    const problem = typeof details?.reason === 'string' ? details.reason : null;
    if ((appCode === 'CSV_INVALID' || appCode === 'CONFLICT') && problem) {
      setState({
        kind: 'fileProblem',
        message: t(`bulk.fileProblem.${problem}`, { ...details, defaultValue: errorMessage(tc, e) }),
      });
    } else if (appCode === 'PAYLOAD_TOO_LARGE')
      setState({ kind: 'fileProblem', message: t('bulk.fileProblem.tooLarge') });
    else {
      setState({ kind: 'idle' });
      notifyFailure(tc, t('errors.bulk'), e);
    }
  }

  async function onFile(file: File) {
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setState({ kind: 'fileProblem', message: t('bulk.readFailed') });
      return;
    }
    if (csv.length > MAX_IMPORT_CHARS) {
      setState({ kind: 'fileProblem', message: t('bulk.fileProblem.tooLarge') });
      return;
    }
    try {
      const { id, total } = await start.mutateAsync({ csv, clientId });
      setState({ kind: 'running', status: { phase: 'validating', processed: 0, total } });
      setJobId(id);
    } catch (e) {
      failed(e);
    }
  }

  const downloadCredentials = (created: CreatedAccountRow[]) => {
    const rows = created.map((c) => [
      c.email,
      c.username,
      c.displayName,
      USER_TYPE_LABELS[c.userType],
      c.passwordLink,
      c.passwordLinkExpiresAt,
    ]);
    downloadText(`users-sign-in-links-${stamp()}.csv`, toCsv([[...CREDENTIALS_CSV_COLUMNS], ...rows]));
  };

  const percent =
    state.kind === 'running' && state.status.total > 0
      ? Math.round((100 * state.status.processed) / state.status.total)
      : 0;

  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={t('bulk.title')}
      size="xl"
      centered
      closeOnClickOutside={!running}
      closeOnEscape={!running}
      withCloseButton={!running}
    >
      <Stack>
        <Text size="sm">{t('bulk.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('bulk.rules', { max: MAX_IMPORT_ROWS })}
        </Text>
        <Text size="sm" fw={600}>
          {t('bulk.allOrNothing')}
        </Text>
        <Group>
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => downloadText('users-template.csv', toCsv(USERS_CSV_TEMPLATE_ROWS))}
          >
            {t('bulk.template')}
          </Button>
        </Group>

        {(state.kind === 'idle' || state.kind === 'fileProblem' || state.kind === 'rejected') && !start.isPending && (
          <Dropzone
            onDrop={(files) => files[0] && void onFile(files[0])}
            onReject={() => setState({ kind: 'fileProblem', message: t('bulk.rejectedFile') })}
            accept={CSV_ACCEPT}
            multiple={false}
            maxFiles={1}
            inputProps={{ 'aria-label': t('bulk.selectFile') }}
          >
            <Group justify="center" gap="sm" mih={90} style={{ pointerEvents: 'none' }}>
              <IconFileTypeCsv size={36} aria-hidden />
              <div>
                <Text>{t('bulk.drop')}</Text>
                <Text size="xs" c="dimmed">
                  {t('bulk.dropHint')}
                </Text>
              </div>
            </Group>
          </Dropzone>
        )}

        {state.kind === 'fileProblem' && <ErrorAlert>{state.message}</ErrorAlert>}

        {(state.kind === 'running' || start.isPending) && (
          <Stack gap={6}>
            <Text size="sm" aria-live="polite">
              {state.kind === 'running'
                ? t('bulk.progress', {
                    phase: t(`bulk.phase.${state.status.phase}`),
                    processed: state.status.processed,
                    total: state.status.total,
                  })
                : t('bulk.phase.validating')}
            </Text>
            <Progress value={percent} animated striped aria-label={t('bulk.title')} size="lg" />
          </Stack>
        )}

        {state.kind === 'rejected' && (
          <Stack gap="xs">
            <Alert color="red" role="alert" title={t('bulk.rejectedRows')}>
              {t('bulk.noneCreated')}
            </Alert>
            <ScrollArea.Autosize mah={320}>
              <Table striped withTableBorder aria-label={t('bulk.rejectedRows')}>
                <TableHead columns={[t('bulk.row'), t('bulk.column'), t('bulk.reason')]} />
                <Table.Tbody>
                  {state.errors.map((e, i) => (
                    <Table.Tr key={`${e.row}-${e.field}-${i}`}>
                      <Table.Td>{e.row}</Table.Td>
                      <Table.Td>
                        <code>{e.field}</code>
                      </Table.Td>
                      <Table.Td>{reason(e)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </Stack>
        )}

        {state.kind === 'done' && (
          <Stack gap="xs">
            <Alert
              color="green"
              role="status"
              title={state.count === 1 ? t('bulk.createdOne') : t('bulk.createdMany', { count: state.count })}
            >
              {t('bulk.credentialsNote')}
            </Alert>
            <Group>
              <Button
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadCredentials(state.created)}
                disabled={state.created.length === 0}
              >
                {t('bulk.downloadCredentials')}
              </Button>
              <Button variant="default" onClick={() => setState({ kind: 'idle' })}>
                {t('bulk.uploadAnother')}
              </Button>
            </Group>
          </Stack>
        )}

        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={running}>
            {t('bulk.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

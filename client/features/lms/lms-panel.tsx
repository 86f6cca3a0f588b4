import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Pagination,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppModal } from '../../components/app-modal';
import { ListTable } from '../../components/list-states';
import { ModalFooter } from '../../components/modal-footer';
import { PanelIntro } from '../../components/panel-intro';
import { useFormat } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { WithScreenTexts } from '../i18n/screen-texts';
import { LtiPlatformsSection } from './lti-platforms';
import { ScormPackagesSection } from './scorm-packages';

/**
 * Admin → LMS: Spar inside the tenant's learning systems. The LTI platforms it is registered with,
 * the SCORM packages its managers exported, the keys Spar signs launches with, and the launch log
 * (every launch, and every refused one with its reason).
 */
export function LmsPanel() {
  return (
    <WithScreenTexts namespaces={['lms', 'lti', 'scorm']}>
      <LmsPanelContent />
    </WithScreenTexts>
  );
}

function LmsPanelContent() {
  const { t } = useTranslation('lms');
  return (
    <Stack gap="xl">
      <PanelIntro intro={t('admin.intro')} />
      <LtiPlatformsSection />
      <ScormPackagesSection />
      <SigningKeys />
      <LaunchLog />
    </Stack>
  );
}

function SigningKeys() {
  const { t } = useTranslation('lms');
  const f = useFormat();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.lms.keys.queryOptions({}));
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation(
    trpc.lms.rotateKey.mutationOptions({
      onSuccess: (data) => {
        queryClient.setQueryData(trpc.lms.keys.queryKey({}), data);
        setConfirming(false);
      },
      onError: (e) => notifyFailure(t, t('keys.rotateFailed'), e),
    }),
  );
  return (
    <Stack gap="sm" data-testid="lms-keys">
      <Title order={3} size="h4">
        {t('keys.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('keys.intro')}
      </Text>
      {keys.data && !keys.data.configured && (
        <Alert color="yellow" variant="light" data-testid="lms-not-configured">
          {t('keys.notConfigured')}
        </Alert>
      )}
      <ListTable
        query={keys}
        items={keys.data?.keys}
        text={(k) => t(`keys.${k}`)}
        minWidth={480}
        columns={[t('keys.kid'), t('keys.created'), t('keys.state')]}
      >
        {(k) => (
          <Table.Tr key={k.kid}>
            <Table.Td>
              <Code style={{ overflowWrap: 'anywhere' }}>{k.kid}</Code>
            </Table.Td>
            <Table.Td>{f.dateTime(k.created_at)}</Table.Td>
            <Table.Td>
              {k.current ? (
                <Badge color="green" variant="light">
                  {t('keys.current')}
                </Badge>
              ) : (
                <Text size="sm">{t('keys.retired', { date: f.dateTime(k.retired_at!) })}</Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      {keys.data?.configured && (
        <Button
          variant="light"
          w="fit-content"
          leftSection={<IconRefresh size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          {t('keys.rotate')}
        </Button>
      )}
      <AppModal opened={confirming} onClose={() => setConfirming(false)} title={t('keys.rotateTitle')}>
        <Stack>
          <Text>{t('keys.rotateText')}</Text>
          <ModalFooter
            cancelLabel={t('common:app.cancel')}
            onCancel={() => setConfirming(false)}
            confirmLabel={t('keys.rotateConfirm')}
            onConfirm={() => rotate.mutate({})}
            loading={rotate.isPending}
          />
        </Stack>
      </AppModal>
    </Stack>
  );
}

const STATUS_COLOR = { refused: 'red', opened: 'gray', started: 'blue', completed: 'green', failed: 'orange' } as const;
const GRADE_COLOR = { none: 'gray', pending: 'blue', sent: 'green', failed: 'red' } as const;

function LaunchLog() {
  const { t } = useTranslation('lms');
  const f = useFormat();
  const [status, setStatus] = useState<'all' | 'refused' | 'accepted'>('all');
  const [page, setPage] = useState(1);
  const log = useQuery(trpc.lms.launches.queryOptions({ status, page }));
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.page_size)) : 1;
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h4">
          {t('log.title')}
        </Title>
        <SegmentedControl
          aria-label={t('log.filter')}
          value={status}
          onChange={(v) => {
            setStatus(v as typeof status);
            setPage(1);
          }}
          data={(['all', 'accepted', 'refused'] as const).map((v) => ({ value: v, label: t(`log.filters.${v}`) }))}
        />
      </Group>
      <ListTable
        query={log}
        items={log.data?.rows}
        text={(k) => t(`log.${k}`)}
        minWidth={760}
        columns={[t('log.when'), t('log.origin'), t('log.learner'), t('log.target'), t('log.status'), t('log.grade')]}
      >
        {(r) => (
          <Table.Tr key={r.id} data-testid="launch-row">
            <Table.Td>{f.dateTime(r.created_at)}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Text size="sm">{r.origin ?? '—'}</Text>
              <Text size="xs" c="dimmed">
                {t(`log.sources.${r.source}`)}
              </Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.learner ?? '—'}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.target ?? '—'}</Table.Td>
            <Table.Td>
              <Badge color={STATUS_COLOR[r.status]} variant="light">
                {t(`log.statuses.${r.status}`)}
              </Badge>
              {r.error && (
                <Text size="xs" c="red" mt={4} data-testid="launch-error">
                  {t(r.error.replace('.', ':'), { defaultValue: t('log.unknownError') })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              {r.score !== null && <Text size="sm">{t('log.score', { score: r.score })}</Text>}
              {r.grade_status !== 'none' && (
                <Badge color={GRADE_COLOR[r.grade_status]} variant="light">
                  {t(`log.grades.${r.grade_status}`)}
                </Badge>
              )}
              {r.grade_error && (
                <Text size="xs" c="red" mt={4} style={{ overflowWrap: 'anywhere' }}>
                  {r.grade_error}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} aria-label={t('log.pages')} />}
    </Stack>
  );
}

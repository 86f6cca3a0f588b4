import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import {
  IconArchive,
  IconCertificate,
  IconCheck,
  IconDownload,
  IconLink,
  IconPackageExport,
  IconPencil,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { CertificateView, CertificationDetail } from '../../../server/contracts/certifications';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CopyIconButton } from '../../components/copy-icon-button';
import { DataTable } from '../../components/data-table';
import { Fact } from '../../components/fact';
import { NameCell } from '../../components/name-text';
import { PageTitle } from '../../components/page-title';
import { ErrorAlert, LoadFailedAlert } from '../../components/status-alerts';
import { errorInfo, serverReason } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { CertificationForm } from './certification-form';
import { CertificateStatusBadge, expiryText, useCertificationsTranslation, useRuleText } from './shared';

// the SCORM export (and its texts) load when a manager opens it
const ScormExportModal = lazy(() => import('../lms/scorm-export-modal').then((m) => ({ default: m.ScormExportModal })));

/**
 * /certifications/:id: the steps in order with their rules and the caller's standing on each
 * (Start opens a certification attempt), the caller's certificate with its verification link and
 * download; for managers and admins the holders (revoke), Edit and Archive.
 */
export function CertificationDetailPanel({ id }: { id: string }) {
  const { t } = useCertificationsTranslation();
  const detail = useQuery(trpc.certifications.get.queryOptions({ id }));
  const [editing, setEditing] = useState(false);
  const [archiving, setArchiving] = useState(false);
  const [exporting, setExporting] = useState(false);
  if (detail.isPending) return <Loader aria-label={t('detail.loading')} />;
  if (detail.isError) {
    const notFound = errorInfo(detail.error).appCode === 'NOT_FOUND';
    return (
      <>
        <PageTitle>{t('detail.fallbackTitle')}</PageTitle>
        {notFound ? (
          <ErrorAlert>{t('errors.notFound')}</ErrorAlert>
        ) : (
          <LoadFailedAlert message={t('detail.loadFailed')} onRetry={() => void detail.refetch()} />
        )}
      </>
    );
  }
  const c = detail.data;
  return (
    <Stack gap="lg" maw={960}>
      <div>
        <PageTitle documentTitle={c.name}>
          <span style={{ overflowWrap: 'anywhere' }}>{c.name}</span>
        </PageTitle>
        {c.archived && (
          <Badge color="gray" variant="light" mt={-8} mb="xs">
            {t('archived')}
          </Badge>
        )}
        {c.description && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} mb="sm">
            {c.description}
          </Text>
        )}
        <Group gap="xl" wrap="wrap">
          <Fact label={t('detail.validity')} value={expiryText(t, c.expiryMonths)} />
          <Fact
            label={t('detail.attempts')}
            value={
              c.maxAttempts === null ? t('detail.unlimited') : t('detail.attemptsPerStep', { count: c.maxAttempts })
            }
          />
        </Group>
        {c.canManage && !c.archived && (
          <Group gap="xs" mt="md" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('detail.edit')}
            </Button>
            <Button
              variant="default"
              color="red"
              leftSection={<IconArchive size={16} aria-hidden />}
              onClick={() => setArchiving(true)}
            >
              {t('detail.archive')}
            </Button>
            <Button
              variant="default"
              leftSection={<IconPackageExport size={16} aria-hidden />}
              onClick={() => setExporting(true)}
            >
              {t('detail.exportScorm')}
            </Button>
          </Group>
        )}
      </div>
      {c.mine && <MyCertificate certificate={c.mine} />}
      <StepsSection c={c} />
      {c.canManage && <HoldersSection c={c} />}
      {editing && <CertificationForm certification={c} onClose={() => setEditing(false)} />}
      <ArchiveDialog c={c} opened={archiving} onClose={() => setArchiving(false)} />
      {exporting && (
        <Suspense fallback={null}>
          <ScormExportModal
            target={{ kind: 'certification', id: c.id, name: c.name }}
            title={t('detail.exportScorm')}
            onClose={() => setExporting(false)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

/** A section named by its heading. */
function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId} data-testid={testId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function MyCertificate({ certificate }: { certificate: CertificateView }) {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const [token, setToken] = useState<string | null>(null);
  const newLink = useMutation(trpc.certifications.newLink.mutationOptions());
  const url = token ? `${window.location.origin}/verify/${token}` : null;
  return (
    <Section title={t('certificate.title')} testId="my-certificate">
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <IconCertificate size={22} aria-hidden />
            <CertificateStatusBadge status={certificate.status} />
          </Group>
          <Group gap="xl" wrap="wrap">
            <Fact label={t('certificate.earned')} value={f.date(certificate.earnedAt)} />
            <Fact
              label={t('certificate.expires')}
              value={certificate.expiresAt ? f.date(certificate.expiresAt) : t('expiry.never')}
            />
          </Group>
          {certificate.expiringSoon && certificate.expiresAt && (
            <Alert color="orange" variant="light">
              {t('reminder.text', { name: certificate.certificationName, date: f.date(certificate.expiresAt) })}
            </Alert>
          )}
          <Group gap="xs" wrap="wrap">
            {certificate.status === 'valid' && (
              <Button
                leftSection={<IconLink size={16} aria-hidden />}
                loading={newLink.isPending}
                onClick={() =>
                  newLink.mutate({ certificateId: certificate.id }, { onSuccess: (r) => setToken(r.token) })
                }
              >
                {t('certificate.createLink')}
              </Button>
            )}
            <Button
              component="a"
              href={`/api/v1/certificates/${certificate.id}/download`}
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
            >
              {t('certificate.download')}
            </Button>
          </Group>
          {newLink.isError && <ErrorAlert>{serverReason(t, newLink.error)}</ErrorAlert>}
          {url && (
            <Stack gap={4}>
              <Group gap="xs" wrap="nowrap" align="flex-end">
                <TextInput
                  label={t('certificate.link')}
                  value={url}
                  readOnly
                  style={{ flex: 1, minWidth: 0 }}
                  onFocus={(e) => e.currentTarget.select()}
                  data-testid="verification-link"
                />
                <CopyIconButton
                  value={url}
                  variant="light"
                  tip={(copied) => t(copied ? 'certificate.copied' : 'certificate.copy')}
                />
              </Group>
              <Text size="sm" c="dimmed">
                {t('certificate.linkNote')}
              </Text>
            </Stack>
          )}
        </Stack>
      </Card>
    </Section>
  );
}

type Step = CertificationDetail['steps'][number];
type Progress = CertificationDetail['progress'][number];

/** Why Start is off for a step, or null when it may be started. */
function blockedReason(c: CertificationDetail, progress: Progress | undefined): string | null {
  if (c.archived) return 'archived';
  if (c.mine?.status === 'valid') return 'alreadyHeld';
  if (progress?.attemptsLeft === 0) return 'noAttemptsLeft';
  return null;
}

function StepsSection({ c }: { c: CertificationDetail }) {
  const { t } = useCertificationsTranslation();
  return (
    <Section title={t('detail.steps')}>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {c.steps.map((step, i) => (
          <StepCard key={step.id} c={c} step={step} index={i} progress={c.progress.find((p) => p.stepId === step.id)} />
        ))}
      </Stack>
    </Section>
  );
}

function StepCard({
  c,
  step,
  index,
  progress,
}: {
  c: CertificationDetail;
  step: Step;
  index: number;
  progress: Progress | undefined;
}) {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const rule = useRuleText();
  const reasonId = useId();
  const name = step.simulationName ?? t('detail.simulationGone');
  const blocked = step.simulationId ? blockedReason(c, progress) : 'simulationGone';
  const passed = progress?.passed ?? false;
  return (
    <Card withBorder padding="md" component="li" data-testid="certification-step">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {t('detail.stepName', { number: index + 1, name })}
          </Text>
          {passed && (
            <Badge
              color="green"
              variant="light"
              leftSection={<IconCheck size={12} aria-hidden />}
              style={{ flexShrink: 0 }}
            >
              {t('progress.passed')}
            </Badge>
          )}
        </Group>
        <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('detail.rule')}>
          {rule(step).map((line) => (
            <Text key={line} size="sm" component="li" style={{ overflowWrap: 'anywhere' }}>
              {line}
            </Text>
          ))}
        </Stack>
        {progress && (
          <Group gap="lg" wrap="wrap">
            <Text size="sm">{t('progress.attempts', { count: progress.attempts })}</Text>
            {progress.attemptsLeft !== null && !passed && (
              <Text size="sm">{t('progress.attemptsLeft', { count: progress.attemptsLeft })}</Text>
            )}
            <Text size="sm">{t('progress.bestScore', { score: f.score(progress.bestScore) })}</Text>
            {progress.callId && (
              <Anchor component={Link} href={`/reports/${progress.callId}`} size="sm">
                {t(passed ? 'progress.passingReport' : 'progress.latestReport')}
              </Anchor>
            )}
          </Group>
        )}
        {!passed && (
          <Group gap="sm" wrap="wrap">
            {blocked ? (
              <Button
                size="sm"
                disabled
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                aria-describedby={reasonId}
                aria-label={t('detail.startStep', { name })}
              >
                {t('detail.start')}
              </Button>
            ) : (
              <Button
                size="sm"
                component={Link}
                href={`/exercise/${step.simulationId}?certificationStep=${step.id}`}
                leftSection={<IconPlayerPlay size={16} aria-hidden />}
                aria-label={t('detail.startStep', { name })}
              >
                {t('detail.start')}
              </Button>
            )}
            {blocked && (
              <Text size="sm" c="dimmed" id={reasonId}>
                {t(`blocked.${blocked}`)}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function HoldersSection({ c }: { c: CertificationDetail }) {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<CertificateView | null>(null);
  const revoke = useMutation(trpc.certifications.revoke.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (revoke.isPending) return;
    setError(null);
    setTarget(null);
  };
  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await revoke.mutateAsync({ certificateId: target.id });
      await queryClient.invalidateQueries({ queryKey: trpc.certifications.pathKey() });
      notifySuccess(t('holders.revoked', { name: target.holderName }));
      setTarget(null);
    } catch (e) {
      setError(serverReason(t, e));
    }
  };
  return (
    <Section title={t('holders.title')} testId="holders">
      {c.holders.length === 0 ? (
        <Text c="dimmed">{t('holders.empty')}</Text>
      ) : (
        <DataTable
          minWidth={520}
          label={t('holders.title')}
          columns={[
            t('holders.name'),
            t('holders.earned'),
            t('holders.expires'),
            t('holders.status'),
            { label: t('holders.actions'), hidden: true },
          ]}
        >
          {c.holders.map((h) => (
            <Table.Tr key={h.id} data-testid="holder-row">
              <NameCell>{h.holderName}</NameCell>
              <Table.Td>{f.date(h.earnedAt)}</Table.Td>
              <Table.Td>{h.expiresAt ? f.date(h.expiresAt) : t('expiry.never')}</Table.Td>
              <Table.Td>
                <CertificateStatusBadge status={h.status} />
              </Table.Td>
              <Table.Td ta="right">
                {h.status !== 'revoked' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    aria-label={t('holders.revokeFor', { name: h.holderName })}
                    onClick={() => setTarget(h)}
                  >
                    {t('holders.revoke')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ConfirmDeleteDialog
        opened={!!target}
        title={t('holders.revokeTitle')}
        message={t('holders.revokeConfirm', { name: target?.holderName ?? '', certification: c.name })}
        note={t('holders.revokeNote')}
        cancelLabel={t('form.cancel')}
        submitLabel={t('holders.revoke')}
        pending={revoke.isPending}
        error={error}
        onCancel={close}
        onConfirm={() => void confirm()}
      />
    </Section>
  );
}

function ArchiveDialog({ c, opened, onClose }: { c: CertificationDetail; opened: boolean; onClose: () => void }) {
  const { t } = useCertificationsTranslation();
  const queryClient = useQueryClient();
  const archive = useMutation(trpc.certifications.archive.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await archive.mutateAsync({ id: c.id });
      await queryClient.invalidateQueries({ queryKey: trpc.certifications.pathKey() });
      notifySuccess(t('detail.archived', { name: c.name }));
      onClose();
    } catch (e) {
      setError(serverReason(t, e));
    }
  };
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title={t('detail.archiveTitle')}
      message={t('detail.archiveConfirm', { name: c.name })}
      note={t('detail.archiveNote')}
      cancelLabel={t('form.cancel')}
      submitLabel={t('detail.archive')}
      pending={archive.isPending}
      error={error}
      onCancel={() => {
        if (archive.isPending) return;
        setError(null);
        onClose();
      }}
      onConfirm={() => void confirm()}
    />
  );
}

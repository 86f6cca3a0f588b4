import { Alert, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClockExclamation } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'wouter';
import type { CertificateStatus } from '../../server/contracts/certifications';
import { PageTitle } from '../components/page-title';
import { useCertificationsTranslation } from '../features/certifications/shared';
import { errorInfo } from '../lib/errors';
import { useFormat } from '../lib/format';
import { trpc } from '../lib/trpc';

const LOOK: Record<CertificateStatus, { color: string; icon: typeof IconCircleCheck }> = {
  valid: { color: 'green', icon: IconCircleCheck },
  expired: { color: 'orange', icon: IconClockExclamation },
  revoked: { color: 'red', icon: IconCircleX },
};

/** One labelled fact of the certificate; a long name wraps. */
function Row({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/**
 * /verify/:token — the public check of a certificate (signed out): whether it is valid, expired or
 * revoked, with the certification's and holder's names, the organisation and the dates only.
 */
export default function VerifyPage() {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const { token = '' } = useParams<{ token: string }>();
  const q = useQuery({
    ...trpc.certifications.verify.queryOptions({ token }),
    retry: (count, error) => count < 1 && errorInfo(error).appCode === 'NETWORK',
  });
  if (q.isPending) return <Loader aria-label={t('verify.loading')} />;
  if (q.isError) {
    const invalid = ['NOT_FOUND', 'VALIDATION'].includes(errorInfo(q.error).appCode);
    return (
      <Stack>
        <PageTitle>{t('verify.title')}</PageTitle>
        <Alert color="red" role="alert" icon={<IconCircleX size={20} aria-hidden />} data-testid="verify-result">
          {invalid ? t('verify.invalid') : t('verify.failed')}
        </Alert>
      </Stack>
    );
  }
  const v = q.data;
  const { color, icon: Icon } = LOOK[v.status];
  return (
    <Stack>
      <PageTitle>{t('verify.title')}</PageTitle>
      <Alert
        color={color}
        icon={<Icon size={20} aria-hidden />}
        title={t(`verify.status.${v.status}`)}
        data-testid="verify-result"
      >
        {t(`verify.explain.${v.status}`)}
      </Alert>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Row label={t('verify.certification')} value={v.certificationName} />
          <Row label={t('verify.holder')} value={v.holderName} />
          <Row label={t('verify.organisation')} value={v.organisation} />
          <Row label={t('verify.earned')} value={f.date(v.earnedAt)} />
          <Row label={t('verify.expires')} value={v.expiresAt ? f.date(v.expiresAt) : t('expiry.never')} />
        </Stack>
      </Paper>
      <Text size="xs" c="dimmed">
        {t('verify.note')}
      </Text>
    </Stack>
  );
}

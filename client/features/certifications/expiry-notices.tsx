import { Alert, Anchor, Stack } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useCertificationsTranslation } from './shared';

/** The rep's certificates that expire within 30 days, one notice each with a link to take it again. */
export function CertificationExpiryNotices() {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const mine = useQuery(trpc.certifications.mine.queryOptions({}));
  const soon = (mine.data ?? []).filter((c) => c.expiringSoon && c.expiresAt);
  if (!soon.length) return null;
  return (
    <Stack gap="xs" mb="md" component="section" aria-label={t('reminder.label')}>
      {soon.map((c) => (
        <Alert
          key={c.id}
          color="orange"
          variant="light"
          icon={<IconCertificate size={18} aria-hidden />}
          data-testid="certification-expiry-notice"
        >
          {t('reminder.text', { name: c.certificationName, date: f.date(c.expiresAt) })}{' '}
          <Anchor component={Link} href={`/certifications/${c.certificationId}`} size="sm">
            {t('reminder.open')}
          </Anchor>
        </Alert>
      ))}
    </Stack>
  );
}

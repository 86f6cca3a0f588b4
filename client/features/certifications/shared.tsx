import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { CertificateStatus, CertificationDetail } from '../../../server/contracts/certifications';
import { useFormat } from '../../lib/format';

/** The texts of the certifications pages (locales/<lng>/certifications.json). */
export const useCertificationsTranslation = () => useTranslation('certifications');

const STATUS_COLOR: Record<CertificateStatus, string> = { valid: 'green', expired: 'orange', revoked: 'red' };

/** A certificate's status: valid, expired or revoked. */
export function CertificateStatusBadge({ status }: { status: CertificateStatus }) {
  const { t } = useCertificationsTranslation();
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="certificate-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** How long a certificate stays valid, in words. */
export function expiryText(t: TFunction, months: number | null): string {
  return months === null ? t('expiry.never') : t('expiry.months', { count: months });
}

type Step = CertificationDetail['steps'][number];

/** A step's pass rule in words: the minimum score, the minimum levels, whether evidence is required. */
export function useRuleText() {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  return (step: Pick<Step, 'minScore' | 'minLevels' | 'evidenceRequired'>): string[] => [
    ...(step.minScore !== null ? [t('rule.minScore', { score: f.score(step.minScore) })] : []),
    ...step.minLevels.map((l) => t('rule.minLevel', { criterion: l.criterion, level: l.level })),
    ...(step.evidenceRequired ? [t('rule.evidence')] : []),
  ];
}

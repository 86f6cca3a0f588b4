import { Text } from '@mantine/core';
import { ThankYouCard } from '../components/thank-you-card';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../lib/format';

/**
 * Shared by /assessment/complete and /magic-link/complete: the thank-you page. The score
 * is shown only when the call's page passed one (the tenant lets candidates see it).
 */
export default function AssessmentCompletePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const state = (typeof history !== 'undefined' ? history.state : null) as { score?: number | null } | null;
  const score = typeof state?.score === 'number' ? state.score : null;
  return (
    <ThankYouCard title={t('pages.assessmentComplete.title')}>
      <Text>{t('pages.assessmentComplete.text')}</Text>
      {score !== null && (
        <Text fw={600} data-testid="candidate-score">
          {t('pages.assessmentComplete.score', { score: f.score(score) })}
        </Text>
      )}
    </ThankYouCard>
  );
}

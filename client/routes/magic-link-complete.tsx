import { Button, Group, Loader, Text } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { ThankYouCard } from '../components/thank-you-card';
import { useQuery } from '@tanstack/react-query';
import { useSearch } from 'wouter';
import { LoadFailedAlert } from '../components/status-alerts';
import { ctaApi, ctaPaths, type CtaCredentials } from '../features/campaigns/cta-api';
import { useCtaT } from '../features/campaigns/use-cta-t';
import { useGuestLanguage } from '../features/campaigns/use-guest-language';
import AssessmentCompletePage from './assessment-complete';

const WAITING = new Set(['none', 'pending', 'running']);

/**
 * /magic-link/complete?cta=…&token=… (the thank-you screen shared with assessments): the
 * campaign's after-simulation message, and the way to the guest's report once it is ready.
 * Without a link it is the shared thank-you page.
 */
// the report page is a full page load: its Content-Security-Policy (which frames the campaign's
// scheduler, and only that) comes with its own document
export default function MagicLinkCompletePage() {
  const q = new URLSearchParams(useSearch());
  const cta = q.get('cta');
  const token = q.get('token');
  if (!cta || !token) return <AssessmentCompletePage />;
  return <GuestThanks link={{ ctaId: cta, token }} />;
}

function GuestThanks({ link }: { link: CtaCredentials }) {
  const { t } = useCtaT();
  const done = useQuery({
    queryKey: ['ctaComplete', link.ctaId, link.token],
    queryFn: () => ctaApi.complete(link),
    retry: 1,
    refetchInterval: (query) =>
      query.state.data && WAITING.has(query.state.data.report_status) && query.state.data.status === 'completed'
        ? 1500
        : false,
  });
  useGuestLanguage(done.data?.language);
  if (done.isLoading) return <Loader aria-label={t('guest.validating')} />;
  if (done.isError)
    return <LoadFailedAlert message={t('guest.complete.loadFailed')} onRetry={() => void done.refetch()} />;
  const d = done.data!;
  return (
    <ThankYouCard title={t('guest.complete.title')} maw={720}>
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="after-message">
        {d.after_message}
      </Text>
      {d.report_status === 'ready' && (
        <Group>
          <Button
            component="a"
            href={ctaPaths.report(link)}
            leftSection={<IconReportAnalytics size={18} aria-hidden />}
          >
            {t('guest.complete.viewReport')}
          </Button>
        </Group>
      )}
      {d.status === 'completed' && WAITING.has(d.report_status) && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="sm">{t('guest.complete.preparing')}</Text>
        </Group>
      )}
      {d.report_status === 'failed' && (
        <Text size="sm" c="dimmed">
          {t('guest.complete.reportFailed')}
        </Text>
      )}
    </ThankYouCard>
  );
}

import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { linkPage } from '../components/link-problem-page';
import { LoadFailedAlert } from '../components/status-alerts';
import { BookingStep } from '../features/campaigns/booking-step';
import { ctaApi, ctaPaths, ctaProblemOf, type CtaCredentials } from '../features/campaigns/cta-api';
import { InvalidCtaLink } from '../features/campaigns/invalid-cta-link';
import { useCtaT } from '../features/campaigns/use-cta-t';
import { useGuestLanguage } from '../features/campaigns/use-guest-language';
import { ReportView } from '../features/reports/report-view';

const WAITING = new Set(['pending', 'running']);

/**
 * /cta/reports/:ctaId?token=… — the campaign guest's public report page, reached
 * only with the link's own token; then the Book-a-Call step.
 */
export default linkPage('ctaId', InvalidCtaLink, GuestReport);

function GuestReport({ link }: { link: CtaCredentials }) {
  const { t } = useCtaT();
  const { i18n } = useTranslation();
  const report = useQuery({
    queryKey: ['ctaReport', link.ctaId, link.token],
    queryFn: () => ctaApi.report(link),
    retry: false,
    refetchInterval: (q) => (q.state.data && WAITING.has(q.state.data.report_status) ? 1500 : false),
  });
  useGuestLanguage(report.data?.campaign.language);
  if (report.isLoading) return <Loader aria-label={t('guest.report.loading')} />;
  if (report.isError) {
    const problem = ctaProblemOf(report.error);
    return problem === 'failed' ? (
      <LoadFailedAlert message={t('guest.report.loadFailed')} onRetry={() => void report.refetch()} />
    ) : (
      <InvalidCtaLink problem={problem} />
    );
  }
  const r = report.data!;
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageTitle>{t('guest.report.title', { campaign: r.campaign.name })}</PageTitle>
      {r.report ? (
        <ReportView data={r.report} downloadUrl={ctaPaths.download(link, i18n.language)} />
      ) : WAITING.has(r.report_status) ? (
        <Alert color="blue" variant="light" role="status">
          <Stack gap={4}>
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('guest.complete.preparing')}</Text>
          </Stack>
        </Alert>
      ) : (
        <Alert color="gray" variant="light" data-testid="no-report">
          {r.report_status === 'failed' ? t('guest.complete.reportFailed') : t('guest.report.none')}
        </Alert>
      )}
      <BookingStep link={link} report={r} />
    </Stack>
  );
}

import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { PageTitle } from '../components/page-title';
import { linkPage } from '../components/link-problem-page';
import { LinkCall } from '../features/assessments/candidate-call';
import { MicCheck } from '../features/assessments/mic-check';
import { ctaApi, ctaCallApi, ctaPaths, ctaProblemOf, type CtaCredentials } from '../features/campaigns/cta-api';
import { GuestIntro } from '../features/campaigns/guest-intro';
import { InvalidCtaLink } from '../features/campaigns/invalid-cta-link';
import { useCtaT } from '../features/campaigns/use-cta-t';
import { useGuestLanguage } from '../features/campaigns/use-guest-language';

/**
 * /magic-link/:ctaId?token=… — a campaign guest's demo call, no account: validation →
 * intro → microphone check → the call → thank-you (/magic-link/complete) → the report.
 */
export default linkPage('ctaId', InvalidCtaLink, GuestFlow);

function GuestFlow({ link }: { link: CtaCredentials }) {
  const { t } = useCtaT();
  const [, navigate] = useLocation();
  const validation = useQuery({
    queryKey: ['ctaLink', link.ctaId, link.token],
    queryFn: () => ctaApi.validate(link),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const [step, setStep] = useState<'intro' | 'mic' | 'call'>('intro');
  const problem = validation.isError ? ctaProblemOf(validation.error) : null;
  useGuestLanguage(validation.data?.campaign.language);

  // a used or started link has its own page (/magic-link/used)
  useEffect(() => {
    if (problem === 'used' || problem === 'started')
      navigate(ctaPaths.used(problem === 'used' ? link : null, problem), { replace: true });
  }, [problem, link, navigate]);

  const api = useMemo(() => ctaCallApi(link), [link]);
  const onStartFailed = useCallback(() => {
    // the link may have been used meanwhile (another tab): ask it again to say why
    void ctaApi.validate(link).then(
      (v) => v.call_started && navigate(ctaPaths.used(null, 'started'), { replace: true }),
      (e) => {
        const p = ctaProblemOf(e);
        if (p === 'used' || p === 'started') navigate(ctaPaths.used(p === 'used' ? link : null, p), { replace: true });
      },
    );
  }, [link, navigate]);
  const onDone = useCallback(() => navigate(ctaPaths.complete(link)), [link, navigate]);

  if (validation.isLoading) return <Loader aria-label={t('guest.validating')} />;
  if (problem === 'used' || problem === 'started') return <Loader aria-label={t('guest.validating')} />;
  if (problem) return <InvalidCtaLink problem={problem} onRetry={() => void validation.refetch()} />;
  const intro = validation.data!;
  return (
    <Stack maw={860} mx="auto" gap="md">
      <PageTitle>{intro.campaign.name}</PageTitle>
      {step === 'intro' && <GuestIntro intro={intro} onStart={() => setStep('mic')} />}
      {step === 'mic' && <MicCheck onContinue={() => setStep('call')} />}
      {step === 'call' && (
        <LinkCall api={api} onStartFailed={onStartFailed} onDone={onDone} savingTitle={t('guest.saving')} />
      )}
    </Stack>
  );
}

import { Loader, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { linkPage } from '../components/link-problem-page';
import { CandidateCall } from '../features/assessments/candidate-call';
import { CandidateIntro } from '../features/assessments/candidate-intro';
import { InvalidLink } from '../features/assessments/invalid-link';
import { linkApi, linkProblemOf, type LinkCredentials, type LinkProblem } from '../features/assessments/link-api';
import { MicCheck } from '../features/assessments/mic-check';

/**
 * /assessment/:assessmentId?token=… — a candidate's assessment invitation page, no account:
 * validation → intro → microphone check → the call → thank-you.
 */
export default linkPage('assessmentId', InvalidLink, CandidateFlow);

function CandidateFlow({ link }: { link: LinkCredentials }) {
  const { t } = useTranslation('assessments');
  const validation = useQuery({
    queryKey: ['assessmentLink', link.assessmentId, link.token],
    queryFn: () => linkApi.validate(link),
    retry: false,
    staleTime: Infinity,
  });
  const [step, setStep] = useState<'intro' | 'mic' | 'call'>('intro');
  const [refused, setRefused] = useState<LinkProblem | null>(null);
  const refuse = useCallback((problem: LinkProblem) => setRefused(problem), []);

  if (validation.isLoading) return <Loader aria-label={t('link.validating')} />;
  if (validation.isError)
    return <InvalidLink problem={linkProblemOf(validation.error)} onRetry={() => void validation.refetch()} />;
  const intro = validation.data!;
  if (refused) return <InvalidLink problem={refused} />;
  if (intro.call_started && step !== 'call') return <InvalidLink problem="started" />;
  return (
    <Stack maw={860} mx="auto" gap="md">
      <PageTitle>{intro.simulation.name}</PageTitle>
      {step === 'intro' && <CandidateIntro intro={intro} onStart={() => setStep('mic')} />}
      {step === 'mic' && <MicCheck onContinue={() => setStep('call')} />}
      {step === 'call' && <CandidateCall link={link} onStartRefused={refuse} />}
    </Stack>
  );
}

import { LinkProblemPage } from '../../components/link-problem-page';
import { useAssessmentsT } from './use-assessments-t';
import type { LinkProblem } from './link-api';

/**
 * The page of an assessment link that cannot be used: what is wrong with this one, and the reasons
 * a link fails (expired after 48 hours, already completed, copied incorrectly).
 */
export function InvalidLink({ problem, onRetry }: { problem: LinkProblem; onRetry?: () => void }) {
  const { t } = useAssessmentsT();
  return (
    <LinkProblemPage
      problem={problem}
      text={(key) => t(`link.${key}`)}
      reasons={
        problem !== 'completed' && problem !== 'started' && problem !== 'failed'
          ? ['expired', 'completed', 'copied']
          : null
      }
      onRetry={onRetry}
    />
  );
}

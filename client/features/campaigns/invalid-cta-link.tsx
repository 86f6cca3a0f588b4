import { LinkProblemPage } from '../../components/link-problem-page';
import type { CtaProblem } from './cta-api';
import { useCtaT } from './use-cta-t';

/** The page of a magic link that cannot be used: what is wrong with this one, and why links stop working. */
export function InvalidCtaLink({ problem, onRetry }: { problem: CtaProblem; onRetry?: () => void }) {
  const { t } = useCtaT();
  return (
    <LinkProblemPage
      problem={problem}
      text={(key) => t(`guest.${key}`)}
      reasons={
        problem === 'no_token' || problem === 'malformed' || problem === 'invalid'
          ? ['expired', 'used', 'copied']
          : null
      }
      onRetry={onRetry}
    />
  );
}

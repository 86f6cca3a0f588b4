import { invalidLinkPage } from '../../components/link-problem-page';
import { useAssessmentsT } from './use-assessments-t';
import type { LinkProblem } from './link-api';

/**
 * The page of an assessment link that cannot be used: what is wrong with this one, and the reasons
 * a link fails (expired after 48 hours, already completed, copied incorrectly) where the problem
 * leaves the reason open.
 */
export const InvalidLink = invalidLinkPage<LinkProblem>({
  useT: useAssessmentsT,
  section: 'link',
  reasons: ['expired', 'completed', 'copied'],
  openFor: ['no_token', 'malformed', 'invalid', 'expired'],
});

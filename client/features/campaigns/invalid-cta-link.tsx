import { invalidLinkPage } from '../../components/link-problem-page';
import type { CtaProblem } from './cta-api';
import { useCtaT } from './use-cta-t';

/** The page of a magic link that cannot be used: what is wrong with this one, and why links stop working. */
export const InvalidCtaLink = invalidLinkPage<CtaProblem>({
  useT: useCtaT,
  section: 'guest',
  reasons: ['expired', 'used', 'copied'],
  openFor: ['no_token', 'malformed', 'invalid'],
});

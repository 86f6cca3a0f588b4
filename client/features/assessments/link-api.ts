import { linkProblemFrom, type LinkCallApi } from '../calls/link-backend';
import { trpcClient } from '../../lib/trpc';

/** The candidate's link: its id and token, the only credential a candidate has. */
export interface LinkCredentials {
  assessmentId: string;
  token: string;
}

const body = (l: LinkCredentials) => ({ assessment_id: l.assessmentId, token: l.token });

export const linkApi = {
  validate: (l: LinkCredentials) => trpcClient.assessmentLink.validate.mutate(body(l)),
  complete: (l: LinkCredentials) => trpcClient.assessmentLink.complete.mutate(body(l)),
};

/** The call of a link (see LinkCall). */
export const linkCallApi = (l: LinkCredentials): LinkCallApi => ({
  key: `${l.assessmentId}:${l.token}`,
  start: () => trpcClient.assessmentLink.start.mutate(body(l)),
  complete: () => linkApi.complete(l),
});

/** Why a link cannot be used, as the invalid-link page names it. */
export type LinkProblem = 'no_token' | 'malformed' | 'invalid' | 'expired' | 'completed' | 'started' | 'failed';

export const linkProblemOf = (error: unknown): LinkProblem =>
  linkProblemFrom(error, {
    ASSESSMENT_LINK_INVALID: 'invalid',
    ASSESSMENT_LINK_EXPIRED: 'expired',
    ASSESSMENT_LINK_USED: 'completed',
  });

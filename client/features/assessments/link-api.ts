import type { CallBackend } from '../calls/call-session';
import { uploadRecording } from '../calls/api';
import { trpcClient } from '../../lib/trpc';
import { errorInfo } from '../../lib/errors';

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

/**
 * The call of a link: started by the link (one call per link, decided by the server), ended over
 * its socket (a candidate has no session for the HTTP fallback), the recording uploaded with the
 * call's ticket.
 */
export function linkCallBackend(l: LinkCredentials): CallBackend {
  return {
    start: () => trpcClient.assessmentLink.start.mutate(body(l)),
    end: async () => undefined,
    uploadRecording: (call, blob) => uploadRecording(call.callId, blob, { ticket: call.ticket }),
  };
}

/** Why a link cannot be used, as the invalid-link page names it. */
export type LinkProblem = 'no_token' | 'malformed' | 'invalid' | 'expired' | 'completed' | 'started' | 'failed';

export function linkProblemOf(error: unknown): LinkProblem {
  switch (errorInfo(error).appCode) {
    case 'VALIDATION':
    case 'BAD_REQUEST':
      return 'malformed';
    case 'ASSESSMENT_LINK_INVALID':
      return 'invalid';
    case 'ASSESSMENT_LINK_EXPIRED':
      return 'expired';
    case 'ASSESSMENT_LINK_USED':
      return 'completed';
    default:
      return 'failed';
  }
}

import type { CallBackend } from '../calls/call-session';
import { uploadRecording } from '../calls/api';
import { trpcClient } from '../../lib/trpc';
import { errorInfo } from '../../lib/errors';

/** A guest's magic link: its id and token, the only credential a guest has. */
export interface CtaCredentials {
  ctaId: string;
  token: string;
}

const body = (l: CtaCredentials) => ({ cta_id: l.ctaId, token: l.token });

export const ctaApi = {
  validate: (l: CtaCredentials) => trpcClient.ctaLink.validate.mutate(body(l)),
  complete: (l: CtaCredentials) => trpcClient.ctaLink.complete.mutate(body(l)),
  report: (l: CtaCredentials) => trpcClient.ctaLink.report.query({ id: l.ctaId, token: l.token }),
  booked: (l: CtaCredentials) => trpcClient.ctaLink.booked.mutate(body(l)),
};

/** The guest's page addresses, each carrying the link's id and token. */
export const ctaPaths = {
  complete: (l: CtaCredentials) =>
    `/magic-link/complete?cta=${encodeURIComponent(l.ctaId)}&token=${encodeURIComponent(l.token)}`,
  report: (l: CtaCredentials) => `/cta/reports/${encodeURIComponent(l.ctaId)}?token=${encodeURIComponent(l.token)}`,
  download: (l: CtaCredentials, lang: string) =>
    `/api/v1/cta/reports/${encodeURIComponent(l.ctaId)}/download?token=${encodeURIComponent(l.token)}&lang=${encodeURIComponent(lang)}`,
  used: (l: CtaCredentials | null, reason: 'used' | 'started') =>
    `/magic-link/used?reason=${reason}${l ? `&cta=${encodeURIComponent(l.ctaId)}&token=${encodeURIComponent(l.token)}` : ''}`,
};

/** The link's one call: started by the link, ended over its socket, the recording uploaded with the call's ticket. */
export function ctaCallBackend(l: CtaCredentials): CallBackend {
  return {
    start: () => trpcClient.ctaLink.markStarted.mutate(body(l)),
    end: async () => undefined,
    uploadRecording: (call, blob) => uploadRecording(call.callId, blob, { ticket: call.ticket }),
  };
}

/** Why a magic link cannot be used (already used; invalid; expired because the exercise was started). */
export type CtaProblem = 'no_token' | 'malformed' | 'invalid' | 'expired' | 'used' | 'started' | 'failed';

export function ctaProblemOf(error: unknown): CtaProblem {
  switch (errorInfo(error).appCode) {
    case 'VALIDATION':
    case 'BAD_REQUEST':
      return 'malformed';
    case 'MAGIC_LINK_INVALID':
      return 'invalid';
    case 'MAGIC_LINK_EXPIRED':
      return 'expired';
    case 'MAGIC_LINK_USED':
      return 'used';
    case 'MAGIC_LINK_STARTED':
      return 'started';
    default:
      return 'failed';
  }
}

import { linkProblemFrom, type LinkCallApi } from '../calls/link-backend';
import { trpcClient } from '../../lib/trpc';

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
  bookingFailed: (l: CtaCredentials) => trpcClient.ctaLink.bookingFailed.mutate(body(l)),
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

/** The link's one call (see LinkCall). */
export const ctaCallApi = (l: CtaCredentials): LinkCallApi => ({
  key: `${l.ctaId}:${l.token}`,
  start: () => trpcClient.ctaLink.markStarted.mutate(body(l)),
  complete: () => ctaApi.complete(l),
});

/** Why a magic link cannot be used (already used; invalid; expired because the exercise was started). */
export type CtaProblem = 'no_token' | 'malformed' | 'invalid' | 'expired' | 'used' | 'started' | 'failed';

export const ctaProblemOf = (error: unknown): CtaProblem =>
  linkProblemFrom(error, {
    MAGIC_LINK_INVALID: 'invalid',
    MAGIC_LINK_EXPIRED: 'expired',
    MAGIC_LINK_USED: 'used',
    MAGIC_LINK_STARTED: 'started',
  });

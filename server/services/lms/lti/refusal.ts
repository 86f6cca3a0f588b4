import type { Db } from '../../../../db/client';
import type { LtiErrorCode } from '../../../contracts/lti';
import { refuseLaunch } from '../launches';

/**
 * A login or launch Spar refuses: the reason (a key of the lti namespace) and the HTTP status of
 * the refusal page. `logged`: the refusal is in the tenant's launch log already (the platform was
 * known); a refusal before any platform is known is only answered.
 */
export class LtiRefusal extends Error {
  constructor(
    readonly code: LtiErrorCode,
    readonly status: 400 | 403 | 404 | 502 = 400,
    readonly detail?: string,
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'LtiRefusal';
  }
}

/** Writes the refusal in the launch log of the platform's tenant, then throws it. */
export async function refuseFor(
  db: Db,
  who: { tenantId: string; platformId: string; learnerId?: string | null },
  refusal: LtiRefusal,
): Promise<never> {
  await refuseLaunch(db, {
    tenantId: who.tenantId,
    source: 'lti',
    platformId: who.platformId,
    error: refusal.code,
    learnerId: who.learnerId ?? null,
  });
  throw refusal;
}

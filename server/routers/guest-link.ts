import type { RestMeta } from '../trpc/meta';
import { publicProcedure } from '../trpc/init';

type GuestRest = Pick<RestMeta, 'path' | 'errors' | 'summary'> & { method?: 'GET' };

/**
 * The procedures of a guest's link page (a candidate's assessment link, a campaign guest's magic
 * link): no account, each a public REST endpoint (POST unless it says GET) under the link's tag.
 */
export function guestLinkProcedure(tag: string) {
  const tags = [tag];
  return (rest: GuestRest) => publicProcedure.meta({ rest: { method: 'POST', ...rest, auth: 'public', tags } });
}

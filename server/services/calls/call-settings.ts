import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callSettings } from '../../../db/schema';
import type { CallTransportSetting } from '../../contracts/enums';

/** The tenant's "Call connection" setting (tenant transaction, RLS): no row means 'auto'. */
export async function getCallTransport(tx: Executor, tenantId: string): Promise<CallTransportSetting> {
  const [row] = await tx
    .select({ transport: callSettings.transport })
    .from(callSettings)
    .where(eq(callSettings.tenantId, tenantId));
  return row?.transport ?? 'auto';
}

/** The tenant's admin chooses how its calls carry audio; returns what is stored now. */
export async function setCallTransport(
  tx: Executor,
  tenantId: string,
  transport: CallTransportSetting,
): Promise<CallTransportSetting> {
  await tx
    .insert(callSettings)
    .values({ tenantId, transport })
    .onConflictDoUpdate({ target: callSettings.tenantId, set: { transport, updatedAt: new Date() } });
  return transport;
}

import { ACCESS } from '../../access/roles';
import { callSettingsOutput, updateCallSettingsInput } from '../../contracts/call-settings';
import { getCallTransport, setCallTransport } from '../../services/calls/call-settings';
import { accessProcedure, router } from '../../trpc/init';

/** The tenant's call settings are the admin's: admin owns the system configuration. */
const admin = () => accessProcedure({ roles: ACCESS.admins });

/** /admin, Call Settings tab: how the tenant's voice calls carry audio. */
export const callSettingsRouter = router({
  get: admin()
    .output(callSettingsOutput)
    .query(({ ctx }) => ctx.tenant(async (tx) => ({ transport: await getCallTransport(tx, ctx.tenantId) }))),

  update: admin()
    .input(updateCallSettingsInput)
    .output(callSettingsOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => ({ transport: await setCallTransport(tx, ctx.tenantId, input.transport) })),
    ),
});

import { lmsKeysOutput, lmsLaunchLogInput, lmsLaunchLogOutput } from '../../contracts/lms';
import { launchLog } from '../../services/lms/launches';
import { listSigningKeys, rotateSigningKey } from '../../services/lms/keys';
import { tenantAudited } from '../../trpc/audit-origin';
import { router } from '../../trpc/init';
import { tenantAdmins } from '../procedures';

/** Admin → LMS: the launch log and Spar's signing keys towards the tenant's learning systems. */
export const lmsRouter = router({
  launches: tenantAdmins()
    .input(lmsLaunchLogInput)
    .output(lmsLaunchLogOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => launchLog(tx, input))),

  keys: tenantAdmins()
    .output(lmsKeysOutput)
    .query(({ ctx }) =>
      ctx.tenant(async (tx) => ({ configured: !!ctx.deps.env.ENCRYPTION_KEY, keys: await listSigningKeys(tx) })),
    ),

  /** A new key signs from now on; the previous one stays published while what it signed is still valid. */
  rotateKey: tenantAdmins()
    .output(lmsKeysOutput)
    .mutation(async ({ ctx }) => {
      await tenantAudited(
        ctx,
        (tx) => rotateSigningKey(tx, ctx.deps.env, { tenantId: ctx.tenantId, userId: ctx.user.id }),
        (r) => ({ action: 'lms.key_rotated', target: r.kid }),
      );
      return ctx.tenant(async (tx) => ({ configured: true, keys: await listSigningKeys(tx) }));
    }),
});

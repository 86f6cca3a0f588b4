import { ACCESS } from '../../access/roles';
import { recoveryCodesOutput, twoFactorEnrolmentOutput } from '../../contracts/auth';
import { okOutput } from '../../contracts/records';
import {
  confirmTwoFactorInput,
  setTwoFactorPolicyInput,
  twoFactorCodeInput,
  twoFactorPolicyOutput,
  twoFactorStatusOutput,
} from '../../contracts/two-factor';
import { loginLimits } from '../../auth/throttle';
import {
  confirmEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  startEnrolment,
  twoFactorStatus,
  type AccountContext,
} from '../../services/two-factor/account';
import { setAdminTwoFactorRequired, twoFactorPolicy } from '../../services/two-factor/policy';
import { auditOrigin } from '../../trpc/audit-origin';
import { accessProcedure, router } from '../../trpc/init';
import type { Context } from '../../trpc/context';
import type { TenantRunner } from '../../../db/tenant';

/** The signed-in user's own two-factor sign-in, as the account services take it. */
function account(ctx: Context & { user: NonNullable<Context['user']>; tenant: TenantRunner }): AccountContext {
  return {
    db: ctx.deps.db,
    tenant: ctx.tenant,
    user: ctx.user,
    env: ctx.deps.env,
    ip: ctx.req.ip,
    userAgent: ctx.req.userAgent,
    limits: loginLimits(ctx.deps.env),
  };
}

/** The profile's "Two-factor sign-in" section, and Admin → Security's requirement for admins. */
export const twoFactorRouter = router({
  status: accessProcedure()
    .output(twoFactorStatusOutput)
    .query(({ ctx }) => twoFactorStatus(account(ctx))),

  /** A new authenticator secret (QR code and text); nothing changes until its first code is confirmed. */
  start: accessProcedure()
    .output(twoFactorEnrolmentOutput)
    .mutation(({ ctx }) => startEnrolment(account(ctx))),

  confirm: accessProcedure()
    .input(confirmTwoFactorInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => ({ recoveryCodes: await confirmEnrolment(account(ctx), input.code) })),

  regenerateRecoveryCodes: accessProcedure()
    .input(twoFactorCodeInput)
    .output(recoveryCodesOutput)
    .mutation(async ({ ctx, input }) => ({
      recoveryCodes: await regenerateRecoveryCodes(account(ctx), input.code),
    })),

  disable: accessProcedure()
    .input(twoFactorCodeInput)
    .output(okOutput)
    .mutation(async ({ ctx, input }) => {
      await disableTwoFactor(account(ctx), input.code);
      return { ok: true as const };
    }),

  policy: accessProcedure({ roles: ACCESS.admins })
    .output(twoFactorPolicyOutput)
    .query(({ ctx }) => ctx.tenant((tx) => twoFactorPolicy(tx, ctx.tenantId))),

  setPolicy: accessProcedure({ roles: ACCESS.admins })
    .input(setTwoFactorPolicyInput)
    .output(twoFactorPolicyOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        setAdminTwoFactorRequired(tx, {
          tenantId: ctx.tenantId,
          required: input.requireAdminTwoFactor,
          env: ctx.deps.env,
          origin: auditOrigin(ctx),
        }),
      ),
    ),
});

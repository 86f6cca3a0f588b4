import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../../../db/client';
import { ltiPlatforms } from '../../../../db/schema';
import {
  LTI_PATHS,
  type LtiPlatformInput,
  type LtiPlatformView,
  type LtiPlatformsView,
  type LtiToolView,
} from '../../../contracts/lti';
import { AppError } from '../../../errors';
import { urlRefusal } from '../../../integrations/http/outbound';

/*
 * The LTI 1.3 platforms (LMSs) a tenant registered: what each platform told the admin (issuer,
 * client id, deployments, endpoints) and what Spar tells the platform back (its login, launch and
 * key addresses). Called in the admin's tenant transaction.
 */

type Row = typeof ltiPlatforms.$inferSelect;
const trimBase = (base: string) => base.replace(/\/+$/, '');

/** Spar's addresses for the tenant's platforms, absolute with `base` (PUBLIC_URL or the request's origin). */
function ltiToolUrls(opts: { base: string; tenantId: string }): LtiToolView {
  const base = trimBase(opts.base);
  return {
    launchUrl: `${base}${LTI_PATHS.launch}`,
    deepLinkingUrl: `${base}${LTI_PATHS.launch}`,
    jwksUrl: `${base}${LTI_PATHS.jwks(opts.tenantId)}`,
    loginUrlPattern: `${base}${LTI_PATHS.login('<platform>')}`,
  };
}

function view(row: Row, base: string): LtiPlatformView {
  return {
    id: row.id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.clientId,
    deploymentIds: row.deploymentIds,
    authLoginUrl: row.authLoginUrl,
    accessTokenUrl: row.accessTokenUrl,
    jwksUrl: row.jwksUrl,
    userType: row.userType === 'admin' || row.userType === 'superuser' ? 'user' : row.userType,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    loginUrl: `${trimBase(base)}${LTI_PATHS.login(row.id)}`,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The tenant's registrations (oldest first) and the tool's addresses. */
export async function listLtiPlatforms(tx: Tx, opts: { base: string; tenantId: string }): Promise<LtiPlatformsView> {
  const rows = await tx.select().from(ltiPlatforms).orderBy(asc(ltiPlatforms.createdAt), asc(ltiPlatforms.id));
  return { tool: ltiToolUrls(opts), platforms: rows.map((r) => view(r, opts.base)) };
}

/**
 * The endpoints Spar calls (key set, token endpoint) and the one it sends browsers to must be
 * https (http and internal addresses only where the operator allows them, as for webhooks).
 */
function assertEndpoints(input: LtiPlatformInput, allowPrivate: boolean) {
  const fieldErrors: Record<string, string[]> = {};
  for (const field of ['authLoginUrl', 'accessTokenUrl', 'jwksUrl'] as const) {
    if (urlRefusal(input[field], allowPrivate)) fieldErrors[field] = ['lti.validation.urlRefused'];
  }
  if (Object.keys(fieldErrors).length) throw new AppError('VALIDATION', 'An endpoint is not allowed', { fieldErrors });
}

async function assertUnique(tx: Tx, input: LtiPlatformInput, exceptId?: string) {
  const [clash] = await tx
    .select({ id: ltiPlatforms.id })
    .from(ltiPlatforms)
    .where(
      and(
        eq(ltiPlatforms.issuer, input.issuer),
        eq(ltiPlatforms.clientId, input.clientId),
        exceptId ? ne(ltiPlatforms.id, exceptId) : undefined,
      ),
    );
  if (clash)
    throw new AppError('CONFLICT', 'This issuer and client id are registered already', {
      fieldErrors: { clientId: ['lti.validation.duplicate'] },
    });
}

const fields = (input: LtiPlatformInput) => ({
  name: input.name,
  issuer: input.issuer,
  clientId: input.clientId,
  deploymentIds: input.deploymentIds,
  authLoginUrl: input.authLoginUrl,
  accessTokenUrl: input.accessTokenUrl,
  jwksUrl: input.jwksUrl,
  userType: input.userType,
});

export async function createLtiPlatform(
  tx: Tx,
  opts: { tenantId: string; userId: string; input: LtiPlatformInput; allowPrivate: boolean; base: string },
): Promise<LtiPlatformView> {
  assertEndpoints(opts.input, opts.allowPrivate);
  await assertUnique(tx, opts.input);
  const [row] = await tx
    .insert(ltiPlatforms)
    .values({ tenantId: opts.tenantId, createdBy: opts.userId, ...fields(opts.input) })
    .returning();
  return view(row, opts.base);
}

async function existing(tx: Tx, platformId: string): Promise<Row> {
  const [row] = await tx.select().from(ltiPlatforms).where(eq(ltiPlatforms.id, platformId));
  if (!row) throw new AppError('NOT_FOUND', 'No such LTI platform');
  return row;
}

export async function updateLtiPlatform(
  tx: Tx,
  opts: { platformId: string; input: LtiPlatformInput; allowPrivate: boolean; base: string },
): Promise<LtiPlatformView> {
  await existing(tx, opts.platformId);
  assertEndpoints(opts.input, opts.allowPrivate);
  await assertUnique(tx, opts.input, opts.platformId);
  const [row] = await tx
    .update(ltiPlatforms)
    .set({ ...fields(opts.input), updatedAt: new Date() })
    .where(eq(ltiPlatforms.id, opts.platformId))
    .returning();
  return view(row, opts.base);
}

/** Disabled: its launches are refused (and its grades are no longer sent) until enabled again. */
export async function setLtiPlatformEnabled(
  tx: Tx,
  opts: { platformId: string; enabled: boolean; base: string },
): Promise<LtiPlatformView> {
  const row = await existing(tx, opts.platformId);
  const disabledAt = opts.enabled ? null : (row.disabledAt ?? new Date());
  const [updated] = await tx
    .update(ltiPlatforms)
    .set({ disabledAt, updatedAt: new Date() })
    .where(eq(ltiPlatforms.id, opts.platformId))
    .returning();
  return view(updated, opts.base);
}

/** Deletes the registration with its resource links; its launches stay in the log without it. */
export async function deleteLtiPlatform(tx: Tx, platformId: string): Promise<{ name: string; issuer: string }> {
  const row = await existing(tx, platformId);
  await tx.delete(ltiPlatforms).where(eq(ltiPlatforms.id, platformId));
  return { name: row.name, issuer: row.issuer };
}

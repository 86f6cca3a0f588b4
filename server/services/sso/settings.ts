import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit, type AuditEntry } from '../../../db/audit';
import { clients, securitySettings, ssoConnections, ssoDomains } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import type { SsoSettings } from '../../contracts/sso';
import type { UserType } from '../../contracts/enums';
import { AppError } from '../../errors';
import { seal, unseal } from '../../security/sealed';
import { txtRecords } from './dns';
import { issuerAllowed, OIDC_SECRET_PURPOSE, providerConfiguration } from './oidc';
import { SsoFailure } from './sign-in';

type Origin = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

/** The TXT record that proves a domain: `_spar-verification.<domain>` holding `spar-verification=<token>`. */
const domainRecord = (domain: string, token: string) => ({
  name: `_spar-verification.${domain}`,
  value: `spar-verification=${token}`,
});

export async function ssoSettings(
  tx: Tx,
  opts: { tenantId: string; redirectUri: string; canKeepSecrets: boolean },
): Promise<SsoSettings> {
  const [conn] = await tx
    .select()
    .from(ssoConnections)
    .where(and(eq(ssoConnections.tenantId, opts.tenantId), eq(ssoConnections.protocol, 'oidc')));
  const domains = await tx
    .select()
    .from(ssoDomains)
    .where(eq(ssoDomains.tenantId, opts.tenantId))
    .orderBy(ssoDomains.domain);
  const [settings] = await tx.select().from(securitySettings).where(eq(securitySettings.tenantId, opts.tenantId));
  return {
    redirectUri: opts.redirectUri,
    canKeepSecrets: opts.canKeepSecrets,
    oidc: {
      enabled: conn?.enabled ?? false,
      issuer: conn?.oidcIssuer ?? null,
      clientId: conn?.oidcClientId ?? null,
      hasSecret: !!conn?.oidcClientSecretSealed,
    },
    domains: domains.map((d) => ({
      id: d.id,
      domain: d.domain,
      verified: !!d.verifiedAt,
      record: domainRecord(d.domain, d.verificationToken),
    })),
    requireSso: settings?.requireSso ?? false,
    ssoUserType: settings?.ssoUserType ?? 'user',
  };
}

const issuerError = (key: string, message: string) =>
  new AppError('VALIDATION', message, { field: 'issuer', fieldErrors: { issuer: [`identity.validation.${key}`] } });

/**
 * Saves the tenant's OpenID Connect provider. Before anything is written the provider is
 * discovered with these settings, so a wrong issuer is refused here and not at someone's sign-in.
 * The client secret is sealed with ENCRYPTION_KEY; an empty one keeps the stored secret.
 */
export async function saveOidcProvider(opts: {
  tenant: TenantRunner;
  tenantId: string;
  input: { issuer: string; oidcClientId: string; clientSecret?: string; enabled: boolean };
  encryptionKey?: string;
  origin: Origin;
}) {
  const { input } = opts;
  const issuer = input.issuer.replace(/\/+$/, '');
  if (!issuerAllowed(new URL(issuer))) throw issuerError('issuerHttps', 'The issuer must be an https:// address');
  if (input.clientSecret && !opts.encryptionKey)
    throw new AppError('VALIDATION', 'ENCRYPTION_KEY is not set: a client secret cannot be kept', {
      field: 'clientSecret',
      fieldErrors: { clientSecret: ['identity.validation.noEncryptionKey'] },
    });
  const stored = await opts.tenant((tx) =>
    tx
      .select({ sealed: ssoConnections.oidcClientSecretSealed })
      .from(ssoConnections)
      .where(and(eq(ssoConnections.tenantId, opts.tenantId), eq(ssoConnections.protocol, 'oidc'))),
  );
  const sealed = input.clientSecret
    ? seal(opts.encryptionKey!, OIDC_SECRET_PURPOSE, input.clientSecret)
    : (stored[0]?.sealed ?? null);
  try {
    const secret =
      input.clientSecret ||
      (sealed && opts.encryptionKey ? unseal(opts.encryptionKey, OIDC_SECRET_PURPOSE, sealed) : null);
    const config = await providerConfiguration({ issuer, clientId: input.oidcClientId, secret });
    if (config.serverMetadata().issuer.replace(/\/+$/, '') !== issuer)
      throw issuerError('issuerMismatch', 'The provider names another issuer');
  } catch (e) {
    if (e instanceof AppError) throw e;
    if (e instanceof SsoFailure) throw issuerError('issuerHttps', e.message);
    throw issuerError('discoveryFailed', `The provider could not be discovered: ${String(e)}`);
  }
  await opts.tenant(async (tx) => {
    await tx
      .insert(ssoConnections)
      .values({
        tenantId: opts.tenantId,
        protocol: 'oidc',
        enabled: input.enabled,
        oidcIssuer: issuer,
        oidcClientId: input.oidcClientId,
        oidcClientSecretSealed: sealed,
      })
      .onConflictDoUpdate({
        target: [ssoConnections.tenantId, ssoConnections.protocol],
        set: {
          enabled: input.enabled,
          oidcIssuer: issuer,
          oidcClientId: input.oidcClientId,
          oidcClientSecretSealed: sealed,
          updatedAt: new Date(),
        },
      });
    await recordAudit(tx, {
      ...opts.origin,
      tenantId: opts.tenantId,
      action: 'sso.oidc_updated',
      target: issuer,
      detail: `${input.enabled ? 'enabled' : 'disabled'}; client ${input.oidcClientId}${input.clientSecret ? '; new secret' : ''}`,
    });
  });
}

export async function addSsoDomain(tx: Tx, opts: { tenantId: string; domain: string; origin: Origin }) {
  const domain = opts.domain.toLowerCase();
  const [taken] = await tx
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.tenantId, opts.tenantId), eq(sql`lower(${ssoDomains.domain})`, domain)));
  if (taken)
    throw new AppError('VALIDATION', 'This domain is already listed', {
      field: 'domain',
      fieldErrors: { domain: ['identity.validation.domainListed'] },
    });
  const [row] = await tx
    .insert(ssoDomains)
    .values({ tenantId: opts.tenantId, domain, verificationToken: randomBytes(18).toString('base64url') })
    .returning({ id: ssoDomains.id });
  await recordAudit(tx, { ...opts.origin, tenantId: opts.tenantId, action: 'sso.domain_added', target: domain });
  return { id: row.id };
}

/**
 * Checks the domain's TXT record (`dnsServers`: the resolvers to ask, the system's when empty). A
 * domain another organisation verified first stays theirs.
 */
export async function verifySsoDomain(opts: {
  tenant: TenantRunner;
  tenantId: string;
  id: string;
  dnsServers: string[];
  origin: Origin;
}) {
  const [d] = await opts.tenant((tx) =>
    tx
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.tenantId, opts.tenantId), eq(ssoDomains.id, opts.id))),
  );
  if (!d) throw new AppError('NOT_FOUND', 'Domain not found');
  if (d.verifiedAt) return { verified: true };
  const record = domainRecord(d.domain, d.verificationToken);
  const found = (await txtRecords(record.name, opts.dnsServers)).includes(record.value);
  return opts.tenant(async (tx) => {
    if (!found) {
      await recordAudit(tx, {
        ...opts.origin,
        tenantId: opts.tenantId,
        action: 'sso.domain_verified',
        outcome: 'failure',
        target: d.domain,
        detail: `no TXT record ${record.name}`,
      });
      return { verified: false };
    }
    try {
      await tx.update(ssoDomains).set({ verifiedAt: new Date() }).where(eq(ssoDomains.id, d.id));
    } catch (e) {
      if (
        (e as { code?: string; cause?: { code?: string } }).cause?.code === '23505' ||
        (e as { code?: string }).code === '23505'
      )
        throw new AppError('CONFLICT', 'Another organisation has verified this domain', {
          messageKey: 'identity.domains.takenElsewhere',
        });
      throw e;
    }
    await recordAudit(tx, { ...opts.origin, tenantId: opts.tenantId, action: 'sso.domain_verified', target: d.domain });
    return { verified: true };
  });
}

export async function removeSsoDomain(tx: Tx, opts: { tenantId: string; id: string; origin: Origin }) {
  const [d] = await tx
    .delete(ssoDomains)
    .where(and(eq(ssoDomains.tenantId, opts.tenantId), eq(ssoDomains.id, opts.id)))
    .returning({ domain: ssoDomains.domain });
  if (!d) throw new AppError('NOT_FOUND', 'Domain not found');
  await recordAudit(tx, { ...opts.origin, tenantId: opts.tenantId, action: 'sso.domain_removed', target: d.domain });
  // requiring single sign-on with no verified domain left would lock everyone out
  await assertSsoReachable(tx, opts.tenantId, 'domain');
}

/** Require SSO needs an enabled provider and a verified domain, or nobody could sign in. */
async function assertSsoReachable(tx: Tx, tenantId: string, what: 'domain' | 'policy') {
  const [s] = await tx
    .select({ requireSso: securitySettings.requireSso })
    .from(securitySettings)
    .where(eq(securitySettings.tenantId, tenantId));
  if (what === 'domain' && !s?.requireSso) return;
  const [provider] = await tx
    .select({ id: ssoConnections.id })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.enabled, true)))
    .limit(1);
  const [domain] = await tx
    .select({ id: ssoDomains.id })
    .from(ssoDomains)
    .where(and(eq(ssoDomains.tenantId, tenantId), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  if (!provider || !domain)
    throw new AppError('CONFLICT', 'Single sign-on needs an enabled provider and a verified domain first', {
      messageKey: 'identity.policy.needsProviderAndDomain',
    });
}

export async function saveSsoPolicy(
  tx: Tx,
  opts: { tenantId: string; requireSso: boolean; ssoUserType: UserType; origin: Origin },
) {
  if (opts.ssoUserType === 'admin' || opts.ssoUserType === 'superuser')
    throw new AppError('VALIDATION', 'Accounts made by single sign-on cannot be admins', {
      field: 'ssoUserType',
      fieldErrors: { ssoUserType: ['identity.validation.userTypeInvalid'] },
    });
  const [before] = await tx.select().from(securitySettings).where(eq(securitySettings.tenantId, opts.tenantId));
  await tx
    .insert(securitySettings)
    .values({ tenantId: opts.tenantId, requireSso: opts.requireSso, ssoUserType: opts.ssoUserType })
    .onConflictDoUpdate({
      target: securitySettings.tenantId,
      set: { requireSso: opts.requireSso, ssoUserType: opts.ssoUserType, updatedAt: new Date() },
    });
  if (opts.requireSso) await assertSsoReachable(tx, opts.tenantId, 'policy');
  await recordAudit(tx, {
    ...opts.origin,
    tenantId: opts.tenantId,
    action: 'sso.policy_updated',
    detail: `require SSO ${before?.requireSso ? 'on' : 'off'} → ${opts.requireSso ? 'on' : 'off'}; new accounts ${before?.ssoUserType ?? 'user'} → ${opts.ssoUserType}`,
  });
}

/** The tenant single sign-on leads to for this address: by its domain, verified by one tenant. */
export async function ssoTenantForEmail(tx: Tx, email: string) {
  const domain = email.trim().toLowerCase().split('@')[1] ?? '';
  const [d] = await tx
    .select({ tenantId: ssoDomains.tenantId, schemaName: clients.schemaName })
    .from(ssoDomains)
    .innerJoin(clients, eq(clients.id, ssoDomains.tenantId))
    .where(and(eq(sql`lower(${ssoDomains.domain})`, domain), isNotNull(ssoDomains.verifiedAt)))
    .limit(1);
  if (!d) return null;
  const conns = await tx
    .select({ protocol: ssoConnections.protocol })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.tenantId, d.tenantId), eq(ssoConnections.enabled, true)));
  return { tenantId: d.tenantId, schemaName: d.schemaName, protocols: conns.map((c) => c.protocol) };
}

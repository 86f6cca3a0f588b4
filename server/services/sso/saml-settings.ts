import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { recordAudit, type AuditEntry } from '../../../db/audit';
import { clients, ssoConnections } from '../../../db/schema';
import { spUrls } from '../../auth/saml';
import { parseIdpMetadata, SAML_METADATA_MAX_BYTES } from '../../auth/saml-metadata';
import type { SamlSettings, UpdateSamlInput } from '../../contracts/sso-saml';
import { AppError } from '../../errors';
import { fetchOutboundText, OutboundRefused } from '../../integrations/http/outbound';

/** How long an IdP's metadata URL may take to answer. */
const METADATA_FETCH_TIMEOUT_MS = 10_000;

type Origin = Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;

async function connectionOf(tx: Tx, tenantId: string) {
  const [row] = await tx
    .select({
      id: ssoConnections.id,
      enabled: ssoConnections.enabled,
      metadataXml: ssoConnections.samlMetadataXml,
      metadataUrl: ssoConnections.samlMetadataUrl,
    })
    .from(ssoConnections)
    .where(and(eq(ssoConnections.tenantId, tenantId), eq(ssoConnections.protocol, 'saml')))
    .limit(1);
  return row ?? null;
}

/** The tenant's SAML settings with what Spar understood from its metadata and the SP addresses to give the IdP. */
export async function getSamlSettings(tx: Tx, opts: { tenantId: string; base: string }): Promise<SamlSettings> {
  const [client] = await tx
    .select({ schemaName: clients.schemaName })
    .from(clients)
    .where(eq(clients.id, opts.tenantId));
  if (!client) throw new AppError('NOT_FOUND', 'No such organisation');
  const row = await connectionOf(tx, opts.tenantId);
  const urls = spUrls(opts.base, client.schemaName);
  let idp: SamlSettings['idp'] = null;
  if (row?.metadataXml) {
    try {
      const parsed = parseIdpMetadata(row.metadataXml);
      idp = {
        entityId: parsed.entityId,
        ssoUrl: parsed.ssoUrl,
        certificateExpiresAt: parsed.certificateExpiresAt.toISOString(),
      };
    } catch {
      // stored metadata whose certificates have all expired since: shown as not understood
      idp = null;
    }
  }
  return {
    enabled: row?.enabled ?? false,
    metadataUrl: row?.metadataUrl ?? null,
    idp,
    sp: { entityId: urls.entityId, acsUrl: urls.acsUrl, metadataUrl: urls.metadataUrl },
  };
}

/**
 * Fetches an IdP's metadata from its URL: https only (loopback and private addresses only where
 * the operator allows them, as for webhooks), a timeout and a size cap, no redirects.
 */
export async function fetchSamlMetadata(url: string, allowPrivate: boolean): Promise<string> {
  try {
    return await fetchOutboundText(url, {
      timeoutMs: METADATA_FETCH_TIMEOUT_MS,
      maxBytes: SAML_METADATA_MAX_BYTES,
      allowPrivate,
    });
  } catch (e) {
    const reason =
      e instanceof OutboundRefused ? 'sso.saml.metadataErrors.urlRefused' : 'sso.saml.metadataErrors.unreachable';
    throw new AppError('SAML_METADATA_UNREACHABLE', `The metadata URL could not be read: ${(e as Error).message}`, {
      reason,
    });
  }
}

/**
 * Saves the tenant's SAML connection: new metadata (already fetched when it came from a URL) is
 * parsed first and nothing is saved when it is not usable; turning the connection on needs
 * metadata. Audited as `sso.saml_updated`.
 */
export async function updateSamlSettings(
  tx: Tx,
  opts: { tenantId: string; input: UpdateSamlInput & { fetchedXml?: string }; origin: Origin },
): Promise<void> {
  const { input } = opts;
  const newXml = input.fetchedXml ?? input.metadataXml;
  const parsed = newXml !== undefined ? parseIdpMetadata(newXml) : null;
  const row = await connectionOf(tx, opts.tenantId);
  if (input.enabled && !parsed && !row?.metadataXml)
    throw new AppError('SAML_METADATA_INVALID', 'Give the identity provider’s metadata first', {
      reason: 'sso.saml.metadataErrors.missing',
    });
  const values = {
    enabled: input.enabled,
    ...(newXml !== undefined
      ? { samlMetadataXml: newXml.trim(), samlMetadataUrl: input.fetchedXml !== undefined ? input.metadataUrl : null }
      : {}),
    updatedAt: sql`now()`,
  };
  if (row) await tx.update(ssoConnections).set(values).where(eq(ssoConnections.id, row.id));
  else await tx.insert(ssoConnections).values({ tenantId: opts.tenantId, protocol: 'saml', ...values });
  const changes = [
    `enabled ${input.enabled ? 'on' : 'off'}`,
    parsed ? `IdP ${parsed.entityId}` : null,
    input.fetchedXml !== undefined ? `metadata from ${input.metadataUrl}` : parsed ? 'metadata uploaded' : null,
  ].filter(Boolean);
  await recordAudit(tx, {
    ...opts.origin,
    tenantId: opts.tenantId,
    action: 'sso.saml_updated',
    target: parsed?.entityId ?? null,
    detail: changes.join('; '),
  });
}

/** The stored metadata URL of the tenant's connection, for a refresh; SAML_METADATA_INVALID when there is none. */
export async function samlMetadataUrl(tx: Tx, tenantId: string): Promise<{ url: string; enabled: boolean }> {
  const row = await connectionOf(tx, tenantId);
  if (!row?.metadataUrl)
    throw new AppError('SAML_METADATA_INVALID', 'The metadata was not given by URL', {
      reason: 'sso.saml.metadataErrors.noUrl',
    });
  return { url: row.metadataUrl, enabled: row.enabled };
}

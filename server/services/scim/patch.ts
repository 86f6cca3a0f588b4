import { scimPatch, ScimError, type ScimPatchOperation, type ScimResource } from 'scim-patch';
import type { AuditEntry } from '../../../db/audit';
import { scimError, type ScimType } from './errors';
import type { ScimPatchBody } from './wire';

/** Who a SCIM request acts as: the token's tenant, the audit origin ("SCIM token <name>", address, browser) and where the resources are. */
export interface ScimCaller {
  tenantId: string;
  origin: Pick<AuditEntry, 'actorUserId' | 'actorLabel' | 'ip' | 'userAgent'>;
  /** The SCIM base URL (…/scim/v2), for each resource's `meta.location`. */
  baseUrl: string;
}

const KNOWN_TYPES: readonly string[] = ['invalidFilter', 'invalidValue', 'uniqueness', 'invalidSyntax', 'noTarget'];

/**
 * Applies a PATCH request's operations to a resource as this server shows it (scim-patch): the
 * result is then checked and stored like a PUT of it. scim-patch's refusals are SCIM's 400s.
 */
export function applyPatch<T extends object>(resource: T, body: ScimPatchBody): Record<string, unknown> {
  try {
    return scimPatch(resource as unknown as ScimResource, body.Operations as ScimPatchOperation[], {
      mutateDocument: false,
      treatMissingAsAdd: true,
    }) as unknown as Record<string, unknown>;
  } catch (e) {
    if (e instanceof ScimError) {
      const type = (KNOWN_TYPES.includes(e.scimCode ?? '') ? e.scimCode : 'invalidValue') as ScimType;
      throw scimError('BAD_REQUEST', type, e.message.slice(0, 300));
    }
    throw e;
  }
}

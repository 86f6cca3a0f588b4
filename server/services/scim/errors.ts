import { AppError, type AppErrorCode } from '../../errors';

/** The `scimType` values the SCIM protocol defines for a 400 or 409. */
export type ScimType = 'invalidFilter' | 'invalidValue' | 'uniqueness' | 'invalidSyntax' | 'noTarget' | 'mutability';

/**
 * A refusal of a SCIM request: our one error type, with the SCIM error type in its details, which
 * the SCIM transport (server/rest/scim/) writes as SCIM's error message.
 */
export function scimError(code: AppErrorCode, scimType: ScimType | null, message: string): AppError {
  return new AppError(code, message, scimType ? { scimType } : undefined);
}

export const scimNotFound = (what: 'User' | 'Group', id: string) =>
  scimError('NOT_FOUND', null, `${what} ${id.slice(0, 80)} not found`);

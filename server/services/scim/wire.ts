import { z } from 'zod';
import { hasUnstorableText } from '../../contracts/text';
import { EMAIL_MAX } from '../../contracts/user-fields';
import { scimError } from './errors';

/** The schema URNs of the resources and messages this server speaks. */
export const SCHEMA = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
  resourceType: 'urn:ietf:params:scim:schemas:core:2.0:ResourceType',
  schema: 'urn:ietf:params:scim:schemas:core:2.0:Schema',
} as const;

/** A string an identity provider sent: storable (no NUL, no lone surrogate), trimmed, at most `max`. */
const scimString = (max: number) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasUnstorableText(s), { error: 'holds a character that cannot be stored', abort: true })
    .transform((s) => s.trim());

/** A boolean as SCIM clients send it: Entra ID writes "True" / "False" as strings. */
const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((s) => s.toLowerCase() === 'true'),
]);

const EMAIL_SHAPE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

const optionalText = (max: number) => scimString(max).nullable().optional();

/** A User as POST and PUT send it (and as a PATCH leaves it): what Spar keeps, other attributes ignored. */
export const scimUserBody = z.looseObject({
  userName: scimString(EMAIL_MAX)
    .pipe(z.string().regex(EMAIL_SHAPE, 'must be an e-mail address'))
    .transform((s) => s.toLowerCase()),
  externalId: optionalText(400),
  displayName: optionalText(400),
  name: z
    .looseObject({ formatted: optionalText(400), givenName: optionalText(200), familyName: optionalText(200) })
    .nullable()
    .optional(),
  active: scimBoolean.optional(),
});
export type ScimUserBody = z.infer<typeof scimUserBody>;

const member = z.looseObject({ value: scimString(100) });

/** A Group as POST and PUT send it (and as a PATCH leaves it). */
export const scimGroupBody = z.looseObject({
  displayName: scimString(200).pipe(z.string().min(1, 'is required')),
  externalId: optionalText(400),
  members: z.array(member).max(10_000).nullable().optional(),
});

/** A PATCH request: the operations are applied by scim-patch; ops are matched without letter case (Entra ID writes "Replace"). */
export const scimPatchBody = z.looseObject({
  schemas: z.array(z.string()).refine((s) => s.includes(SCHEMA.patch), `schemas must include ${SCHEMA.patch}`),
  Operations: z
    .array(
      z.looseObject({
        op: z
          .string()
          .transform((s) => s.toLowerCase())
          .pipe(z.enum(['add', 'replace', 'remove'])),
        path: scimString(1000).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1)
    .max(1000),
});
export type ScimPatchBody = z.infer<typeof scimPatchBody>;

/** Parses a request body with zod; a failure is SCIM's 400 (invalidSyntax for a wrong shape, invalidValue for a wrong value). */
export function parseScim<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  if (value === undefined || value === null || typeof value !== 'object' || Array.isArray(value))
    throw scimError('BAD_REQUEST', 'invalidSyntax', 'The request body must be a JSON object');
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const where = issue.path.join('.') || 'body';
  const missing = issue.code === 'invalid_type' && issue.input === undefined;
  throw scimError('BAD_REQUEST', missing ? 'invalidSyntax' : 'invalidValue', `${where}: ${issue.message}`);
}

/** Spar's display name from a SCIM User: `name.formatted`, else given and family name, else `displayName`. */
export function displayNameOf(body: Pick<ScimUserBody, 'name' | 'displayName'>): string | null {
  const n = body.name;
  const joined = [n?.givenName, n?.familyName].filter(Boolean).join(' ');
  return (n?.formatted || joined || body.displayName || null)?.slice(0, 120) ?? null;
}

/** The paging of a list request: `startIndex` is 1-based (less than 1 counts as 1), `count` at most MAX_COUNT (negative counts as 0). */
export const MAX_COUNT = 200;
const intParam = (fallback: number) =>
  z
    .string()
    .regex(/^-?\d{1,9}$/, 'must be an integer')
    .transform(Number)
    .optional()
    .transform((n) => n ?? fallback);
const listQuery = z.looseObject({
  filter: z.string().max(2000).optional(),
  startIndex: intParam(1).transform((n) => Math.max(1, n)),
  count: intParam(100).transform((n) => Math.min(MAX_COUNT, Math.max(0, n))),
  excludedAttributes: z.string().max(1000).optional(),
  attributes: z.string().max(1000).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function parseListQuery(query: Record<string, string>): ListQuery {
  const r = listQuery.safeParse(query);
  if (r.success) return r.data;
  const issue = r.error.issues[0];
  const invalidFilter = issue.path[0] === 'filter';
  throw scimError(
    'BAD_REQUEST',
    invalidFilter ? 'invalidFilter' : 'invalidValue',
    `${issue.path.join('.')}: ${issue.message}`,
  );
}

/** Whether an attribute list (`attributes`, `excludedAttributes`) names `attr`, without letter case. */
export function namesAttribute(list: string | undefined, attr: string): boolean {
  return (list ?? '')
    .split(',')
    .map((a) =>
      a
        .trim()
        .toLowerCase()
        .replace(/^urn:ietf:params:scim:schemas:core:2\.0:group:/, ''),
    )
    .includes(attr.toLowerCase());
}

export function listResponse<T>(resources: T[], page: { total: number; startIndex: number }) {
  return {
    schemas: [SCHEMA.list],
    totalResults: page.total,
    itemsPerPage: resources.length,
    startIndex: page.startIndex,
    Resources: resources,
  };
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

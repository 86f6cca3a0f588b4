import { and, eq, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { parse, type Filter } from 'scim2-parse-filter';
import { scimGroups, users } from '../../../db/schema';
import { scimError } from './errors';
import { UUID } from './wire';

/**
 * A SCIM `filter` (parsed by scim2-parse-filter) as a SQL condition. Supported: `eq` on the
 * attributes below, `emails[value eq "…"]`, and `and` / `or` of those; attribute names without
 * letter case, with or without their schema's URN. Anything else is a 400 invalidFilter.
 */
type Attribute = (value: string | boolean) => SQL;

const never = sql`false`;
const text = (value: string | boolean) => {
  if (typeof value !== 'string') throw invalid('this attribute compares with a string');
  return value;
};
const byId = (column: typeof users.id | typeof scimGroups.id) => (v: string | boolean) =>
  UUID.test(text(v)) ? eq(column, text(v)) : never;
const byEmail: Attribute = (v) => eq(sql`lower(${users.email})`, text(v).toLowerCase());

const USER_ATTRIBUTES: Record<string, Attribute> = {
  id: byId(users.id),
  username: byEmail,
  'emails.value': byEmail,
  emails: byEmail,
  externalid: (v) => eq(users.externalId, text(v)),
  active: (v) => {
    if (typeof v !== 'boolean') throw invalid('active compares with true or false');
    return v ? isNull(users.deactivatedAt) : isNotNull(users.deactivatedAt);
  },
};

const GROUP_ATTRIBUTES: Record<string, Attribute> = {
  id: byId(scimGroups.id),
  displayname: (v) => eq(sql`lower(${scimGroups.displayName})`, text(v).toLowerCase()),
  externalid: (v) => eq(scimGroups.externalId, text(v)),
};

function invalid(detail: string) {
  return scimError('BAD_REQUEST', 'invalidFilter', `Unsupported filter: ${detail}`);
}

const attributeName = (path: string) =>
  path.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');

function toSql(f: Filter, attributes: Record<string, Attribute>): SQL {
  switch (f.op) {
    case 'and':
    case 'or': {
      const parts = f.filters.map((g) => toSql(g, attributes));
      return (f.op === 'and' ? and(...parts) : or(...parts)) ?? never;
    }
    case 'eq': {
      const attribute = attributes[attributeName(f.attrPath)];
      if (!attribute) throw invalid(`${f.attrPath.slice(0, 100)} cannot be filtered on`);
      if (f.compValue === null || typeof f.compValue === 'number') throw invalid('the value must be a string');
      return attribute(f.compValue);
    }
    case '[]': {
      // emails[value eq "…"]: the value path's filter on the sub-attribute
      const inner = f.valFilter;
      if (inner.op !== 'eq') throw invalid('only eq inside brackets');
      return toSql({ ...inner, attrPath: `${f.attrPath}.${inner.attrPath}` }, attributes);
    }
    default:
      throw invalid(`the operator ${f.op} is not supported`);
  }
}

function where(filter: string | undefined, attributes: Record<string, Attribute>): SQL | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  let parsed: Filter;
  try {
    parsed = parse(filter);
  } catch {
    throw scimError('BAD_REQUEST', 'invalidFilter', 'The filter cannot be parsed');
  }
  return toSql(parsed, attributes);
}

export const userFilter = (filter: string | undefined) => where(filter, USER_ATTRIBUTES);
export const groupFilter = (filter: string | undefined) => where(filter, GROUP_ATTRIBUTES);

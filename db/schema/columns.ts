import type { BuildExtraConfigColumns } from 'drizzle-orm';
import {
  customType,
  pgTable,
  timestamp,
  uuid,
  type AnyPgColumn,
  type PgColumnBuilderBase,
  type PgTableExtraConfigValue,
} from 'drizzle-orm/pg-core';
import { clients } from './tenancy';

/** Binary content (knowledge-base files, call recordings). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** The owning tenant of a row; every table with it gets forced row-level security in its migration. */
export const tenantId = () =>
  uuid()
    .notNull()
    .references(() => clients.id, { onDelete: 'cascade' });

/** A random uuid primary key. */
export const id = () => uuid().primaryKey().defaultRandom();

/** The first columns of most tenant tables: their own id and the owning tenant. */
const tenantKeys = () => ({ id: id(), tenantId: tenantId() });
type TenantKeys = ReturnType<typeof tenantKeys>;

/** A table of one tenant's rows, keyed by its own id: the tenant keys come first, then its columns. */
export const tenantTable = <Name extends string, Columns extends Record<string, PgColumnBuilderBase>>(
  name: Name,
  columns: Columns,
  extraConfig?: (self: BuildExtraConfigColumns<Name, TenantKeys & Columns, 'pg'>) => PgTableExtraConfigValue[],
) => pgTable<Name, TenantKeys & Columns>(name, { ...tenantKeys(), ...columns }, extraConfig);

/** A point in time; every timestamp of the schema keeps its time zone. */
export const timestamptz = () => timestamp({ withTimezone: true });

/** When the row was written (or last changed): set by the database on insert. */
export const defaultNow = () => timestamptz().notNull().defaultNow();

/** When a row was created and last changed. */
export const stamps = () => ({ createdAt: defaultNow(), updatedAt: defaultNow() });

/** The row this one belongs to: required, and deleted with it. */
export const parentId = (column: () => AnyPgColumn) => uuid().notNull().references(column, { onDelete: 'cascade' });

/** A row this one mentions: optional, cleared when that row is deleted. */
export const linkId = (column: () => AnyPgColumn) => uuid().references(column, { onDelete: 'set null' });

import { customType, uuid } from 'drizzle-orm/pg-core';
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

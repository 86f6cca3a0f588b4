import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { defaultNow, id, linkId, tenantTable, timestamptz } from './columns';
import { users } from './auth';
import { clients } from './tenancy';

export const supportRequests = tenantTable(
  'support_requests',
  {
    userId: linkId(() => users.id),
    subject: text().notNull(),
    description: text().notNull(),
    pageUrl: text(),
    createdAt: defaultNow(),
  },
  (t) => [index('support_requests_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** Every outgoing mail. With SMTP configured it is sent and marked; without, admins read it here. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    tenantId: uuid().references(() => clients.id, { onDelete: 'cascade' }),
    toAddress: text().notNull(),
    subject: text().notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    status: text().$type<'queued' | 'sent' | 'failed' | 'stored'>().notNull().default('queued'),
    error: text(),
    createdAt: defaultNow(),
    sentAt: timestamptz(),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);

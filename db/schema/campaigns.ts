import { sql } from 'drizzle-orm';
import { index, integer, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { linkId, parentId, tenantTable, timestamptz } from './columns';
import { authored } from './authored';
import { calls } from './calls';
import { simulations } from './simulations';
import type { BookingProvider, MagicLinkExpiryReason, MagicLinkStatus } from '../../server/contracts/enums';

/**
 * A marketing campaign: the texts the guest reads, the demo simulation, how
 * long its links live, and the Book-a-Call step. `slug` is the tenant's own campaign id.
 */
export const campaigns = tenantTable(
  'campaigns',
  {
    slug: text().notNull(),
    name: text().notNull(),
    subHeader: text().notNull().default(''),
    introParagraph: text().notNull(),
    afterMessage: text().notNull(),
    bannerMessage: text().notNull().default(''),
    ctaInstructions: text().notNull().default(''),
    language: text().notNull().default('en'),
    linkExpirationDays: integer().notNull().default(7),
    simulationId: linkId(() => simulations.id),
    bookingProvider: text().$type<BookingProvider>().notNull().default('none'),
    bookingUrl: text(),
    ...authored(),
  },
  (t) => [
    uniqueIndex('campaigns_tenant_slug_uq').on(t.tenantId, t.slug),
    index('campaigns_tenant_idx').on(t.tenantId, t.createdAt),
  ],
);

/**
 * One guest's one-time link to a campaign's demo call. The token is stored
 * only as its SHA-256. `callId` is the one call the link may start (claimed atomically).
 */
export const magicLinks = tenantTable(
  'magic_links',
  {
    campaignId: parentId(() => campaigns.id),
    /** The generation batch the link came from. */
    batchId: uuid().notNull(),
    /** Lower-cased. */
    email: text().notNull(),
    firstName: text().notNull().default(''),
    tokenHash: text().notNull(),
    status: text().$type<MagicLinkStatus>().notNull().default('created'),
    expiredReason: text().$type<MagicLinkExpiryReason>(),
    expiresAt: timestamptz().notNull(),
    clicks: integer().notNull().default(0),
    lastClickedAt: timestamptz(),
    sentAt: timestamptz(),
    startedAt: timestamptz(),
    completedAt: timestamptz(),
    expiredAt: timestamptz(),
    bookedAt: timestamptz(),
    /** When the campaign's scheduler first failed to load in the guest's browser (for the campaign's owner). */
    bookingFailedAt: timestamptz(),
    callId: linkId(() => calls.id),
    ...authored(),
  },
  (t) => [
    uniqueIndex('magic_links_token_uq').on(t.tokenHash),
    // the all-links table, newest first (read backwards: ORDER BY created_at DESC, id DESC is the
    // reverse of these ascending keys, which a DESC NULLS LAST index would not give), by tenant,
    // optionally one campaign
    index('magic_links_tenant_idx').on(t.tenantId, t.createdAt, t.id),
    index('magic_links_campaign_idx').on(t.tenantId, t.campaignId, t.createdAt, t.id),
    // the e-mail search reads this index alone (a substring match cannot seek, but scanning the
    // index is several times cheaper than the table under row-level security)
    index('magic_links_email_idx').on(t.tenantId, t.email, t.createdAt, t.id),
    index('magic_links_call_idx')
      .on(t.callId)
      .where(sql`call_id is not null`),
  ],
);

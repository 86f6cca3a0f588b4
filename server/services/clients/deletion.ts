import { and, count, eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import {
  callInstructions,
  clientOverviews,
  icps,
  knowledgeFiles,
  mailOutbox,
  personas,
  productGroupings,
  prompts,
  scorecards,
  simulations,
  supportRequests,
  users,
} from '../../../db/schema';

interface CountStep {
  /** Names the kind of record (`clients:deletion.items.<key>` in the UI). */
  key: string;
  table: PgTable;
  tenantColumn: PgColumn;
  /** Only rows a user would recognise (e.g. current scorecard versions); all rows are removed anyway. */
  where?: () => SQL | undefined;
}

/**
 * What deleting a client removes, counted for the confirmation dialog. Every tenant-owned table
 * cascades from clients (foreign keys); later work adds its tables here (one entry each).
 */
const CLIENT_DELETION_COUNTS: readonly CountStep[] = [
  { key: 'users', table: users, tenantColumn: users.tenantId },
  { key: 'simulations', table: simulations, tenantColumn: simulations.tenantId },
  { key: 'knowledgeFiles', table: knowledgeFiles, tenantColumn: knowledgeFiles.tenantId },
  { key: 'personas', table: personas, tenantColumn: personas.tenantId },
  {
    key: 'scorecards',
    table: scorecards,
    tenantColumn: scorecards.tenantId,
    where: () => and(eq(scorecards.isCurrent, true), isNull(scorecards.deletedAt)),
  },
  { key: 'icps', table: icps, tenantColumn: icps.tenantId },
  { key: 'productGroupings', table: productGroupings, tenantColumn: productGroupings.tenantId },
  { key: 'prompts', table: prompts, tenantColumn: prompts.tenantId },
  { key: 'callInstructions', table: callInstructions, tenantColumn: callInstructions.tenantId },
  { key: 'clientOverview', table: clientOverviews, tenantColumn: clientOverviews.tenantId },
  { key: 'supportRequests', table: supportRequests, tenantColumn: supportRequests.tenantId },
  { key: 'mail', table: mailOutbox, tenantColumn: mailOutbox.tenantId },
];

export async function countClientRecords(tx: Executor, clientId: string): Promise<{ key: string; count: number }[]> {
  const out: { key: string; count: number }[] = [];
  for (const step of CLIENT_DELETION_COUNTS) {
    const [{ n }] = await tx
      .select({ n: count() })
      .from(step.table)
      .where(and(eq(step.tenantColumn, clientId), step.where?.()));
    out.push({ key: step.key, count: n });
  }
  return out;
}

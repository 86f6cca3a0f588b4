import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, isNotNull, isNull, max, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { scorecardCriteria, scorecards } from '../../../db/schema';
import { criteriaOf } from '../../ai/scorecard-criteria';
import { AppError } from '../../errors';
import type { ScorecardValues } from '../../contracts/scorecards';
import { criterionFields } from '../../contracts/scorecards';

/**
 * Scorecards are versioned: rows of one scorecard share `lineageId`, and only the `isCurrent`
 * one is listed and edited. A version that a finished call used (`usedAt`) is frozen — editing
 * it writes a new version, so old reports keep pointing at the criteria they were scored with.
 * Every function takes the request's tenant transaction (RLS); the tenant id is written explicitly.
 */

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

const notFound = () => new AppError('NOT_FOUND', 'Scorecard not found', { messageKey: 'scorecards.errors.notFound' });

const detailColumns = {
  id: scorecards.id,
  lineageId: scorecards.lineageId,
  version: scorecards.version,
  isCurrent: scorecards.isCurrent,
  name: scorecards.name,
  icon: scorecards.icon,
  shortDescription: scorecards.shortDescription,
  longDescription: scorecards.longDescription,
  usedAt: scorecards.usedAt,
  deletedAt: scorecards.deletedAt,
  createdAt: scorecards.createdAt,
  updatedAt: scorecards.updatedAt,
};

export { criterionContent } from '../../ai/scorecard-criteria';

type Row = Awaited<ReturnType<typeof findRow>>;

async function findRow(tx: Executor, id: string, opts: { lock?: boolean } = {}) {
  const q = tx.select(detailColumns).from(scorecards).where(eq(scorecards.id, id)).limit(1);
  const [row] = opts.lock ? await q.for('update') : await q;
  return row ?? null;
}

async function toDetail(tx: Executor, row: NonNullable<Row>) {
  return {
    id: row.id,
    lineageId: row.lineageId,
    version: row.version,
    isCurrent: row.isCurrent,
    name: row.name,
    icon: row.icon,
    shortDescription: row.shortDescription,
    longDescription: row.longDescription,
    usedAt: isoOrNull(row.usedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    criteria: await criteriaOf(tx, row.id),
  };
}

export type ScorecardDetail = Awaited<ReturnType<typeof toDetail>>;

/** The current, non-deleted version of every scorecard, with its criteria count. */
export async function listScorecards(tx: Executor) {
  const criteriaCount = tx
    .select({ scorecardId: scorecardCriteria.scorecardId, n: count().as('n') })
    .from(scorecardCriteria)
    .groupBy(scorecardCriteria.scorecardId)
    .as('criteria_count');
  const rows = await tx
    .select({
      id: scorecards.id,
      lineageId: scorecards.lineageId,
      version: scorecards.version,
      name: scorecards.name,
      icon: scorecards.icon,
      shortDescription: scorecards.shortDescription,
      usedAt: scorecards.usedAt,
      updatedAt: scorecards.updatedAt,
      criteriaCount: criteriaCount.n,
    })
    .from(scorecards)
    .leftJoin(criteriaCount, eq(criteriaCount.scorecardId, scorecards.id))
    .where(and(eq(scorecards.isCurrent, true), isNull(scorecards.deletedAt)))
    .orderBy(asc(sql`lower(${scorecards.name})`), asc(scorecards.createdAt));
  return rows.map((r) => ({
    id: r.id,
    lineageId: r.lineageId,
    version: r.version,
    name: r.name,
    icon: r.icon,
    shortDescription: r.shortDescription,
    criteriaCount: Number(r.criteriaCount ?? 0),
    used: r.usedAt !== null,
    updatedAt: iso(r.updatedAt),
  }));
}

/** One non-deleted scorecard version (current or not) with its ordered criteria. */
export async function getScorecard(tx: Executor, id: string): Promise<ScorecardDetail> {
  const row = await findRow(tx, id);
  if (!row || row.deletedAt) throw notFound();
  return toDetail(tx, row);
}

/**
 * A scorecard version exactly as stored, even when it is no longer current or was deleted since:
 * calls freeze the version at their start and reports explain scores with it.
 */
export async function getScorecardVersion(tx: Executor, id: string): Promise<ScorecardDetail> {
  const row = await findRow(tx, id);
  if (!row) throw notFound();
  return toDetail(tx, row);
}

/** Records that a finished call used this version; later edits then create a new version. */
export async function markScorecardUsed(tx: Executor, scorecardId: string): Promise<void> {
  const updated = await tx
    .update(scorecards)
    .set({ usedAt: sql`coalesce(${scorecards.usedAt}, now())` })
    .where(eq(scorecards.id, scorecardId))
    .returning({ id: scorecards.id });
  if (!updated.length) throw notFound();
}

async function insertCriteria(
  tx: Executor,
  tenantId: string,
  scorecardId: string,
  criteria: ScorecardValues['criteria'],
) {
  await tx
    .insert(scorecardCriteria)
    .values(criteria.map((c, position) => ({ tenantId, scorecardId, position, ...criterionFields(c) })));
}

export async function createScorecard(
  tx: Executor,
  tenantId: string,
  input: ScorecardValues,
): Promise<ScorecardDetail> {
  const [row] = await tx
    .insert(scorecards)
    .values({
      tenantId,
      lineageId: randomUUID(),
      version: 1,
      isCurrent: true,
      name: input.name,
      icon: input.icon,
      shortDescription: input.shortDescription,
      longDescription: input.longDescription,
    })
    .returning({ id: scorecards.id });
  await insertCriteria(tx, tenantId, row.id, input.criteria);
  return getScorecard(tx, row.id);
}

/**
 * Edits the current version in place while no call used it; otherwise writes version n+1 (new
 * row, new criteria) and retires the used one untouched. Returns the version now current.
 */
export async function updateScorecard({
  tx,
  tenantId,
  id,
  input,
}: {
  tx: Executor;
  tenantId: string;
  id: string;
  input: ScorecardValues;
}): Promise<ScorecardDetail & { newVersion: boolean }> {
  // the row lock serialises concurrent edits, so a lineage never gets two current versions
  const row = await findRow(tx, id, { lock: true });
  if (!row || row.deletedAt) throw notFound();
  if (!row.isCurrent) {
    throw new AppError('CONFLICT', 'This is not the current version of the scorecard', {
      messageKey: 'scorecards.errors.notCurrent',
    });
  }
  const fields = {
    name: input.name,
    icon: input.icon,
    shortDescription: input.shortDescription,
    longDescription: input.longDescription,
  };

  if (row.usedAt === null) {
    await tx
      .update(scorecards)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(scorecards.id, id));
    await tx.delete(scorecardCriteria).where(eq(scorecardCriteria.scorecardId, id));
    await insertCriteria(tx, tenantId, id, input.criteria);
    return { ...(await getScorecard(tx, id)), newVersion: false };
  }

  const [{ latest }] = await tx
    .select({ latest: max(scorecards.version) })
    .from(scorecards)
    .where(eq(scorecards.lineageId, row.lineageId));
  await tx.update(scorecards).set({ isCurrent: false }).where(eq(scorecards.id, id));
  const [created] = await tx
    .insert(scorecards)
    .values({ tenantId, lineageId: row.lineageId, version: (latest ?? row.version) + 1, isCurrent: true, ...fields })
    .returning({ id: scorecards.id });
  await insertCriteria(tx, tenantId, created.id, input.criteria);
  return { ...(await getScorecard(tx, created.id)), newVersion: true };
}

/**
 * Deletes a scorecard (all its versions). When any version was used by a call the rows stay,
 * marked deleted, so old reports still resolve; otherwise they are removed with their criteria.
 */
export async function deleteScorecard(tx: Executor, id: string): Promise<{ mode: 'soft' | 'hard'; name: string }> {
  const row = await findRow(tx, id, { lock: true });
  if (!row || row.deletedAt) throw notFound();
  const [used] = await tx
    .select({ id: scorecards.id })
    .from(scorecards)
    .where(and(eq(scorecards.lineageId, row.lineageId), isNotNull(scorecards.usedAt)))
    .limit(1);
  if (used) {
    await tx
      .update(scorecards)
      .set({ deletedAt: new Date() })
      .where(and(eq(scorecards.lineageId, row.lineageId), isNull(scorecards.deletedAt)));
    return { mode: 'soft', name: row.name };
  }
  await tx.delete(scorecards).where(eq(scorecards.lineageId, row.lineageId));
  return { mode: 'hard', name: row.name };
}

/** The version history of the scorecard `id` belongs to, newest first. */
export async function listScorecardVersions(tx: Executor, id: string) {
  const row = await findRow(tx, id);
  if (!row || row.deletedAt) throw notFound();
  const rows = await tx
    .select({
      id: scorecards.id,
      version: scorecards.version,
      isCurrent: scorecards.isCurrent,
      createdAt: scorecards.createdAt,
      usedAt: scorecards.usedAt,
    })
    .from(scorecards)
    .where(eq(scorecards.lineageId, row.lineageId))
    .orderBy(desc(scorecards.version));
  return rows.map((r) => ({
    id: r.id,
    version: r.version,
    isCurrent: r.isCurrent,
    createdAt: iso(r.createdAt),
    usedAt: isoOrNull(r.usedAt),
  }));
}

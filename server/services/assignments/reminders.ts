import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { assignments, exercises, reminderNotices, users } from '../../../db/schema';
import { AppError } from '../../errors';
import { mailMembers, mailOutcome, type MailContext } from './mail';
import { displayName, loadEditable, type Actor } from './scope';
import { groupBy } from '../group-by';

/**
 * Reminds every rep with unfinished exercises: a notice on their assignments page (until they
 * dismiss it) and a mail. Says honestly what happened to the mail: on its way over SMTP, or only
 * stored in the outbox because no mail server is configured.
 */
export async function remindAssignment({
  tx,
  actor,
  mail,
  assignmentId,
  now = new Date(),
}: {
  tx: Executor;
  actor: Actor;
  mail: MailContext;
  assignmentId: string;
  now?: Date;
}) {
  const a = await loadEditable(tx, actor, assignmentId);
  const open = await tx
    .select({ userId: exercises.userId, count: sql<number>`count(*)::int` })
    .from(exercises)
    .where(and(eq(exercises.assignmentId, a.id), ne(exercises.status, 'completed')))
    .groupBy(exercises.userId)
    .orderBy(exercises.userId);
  if (open.length) {
    await tx.insert(reminderNotices).values(
      open.map((o) => ({
        tenantId: actor.tenantId,
        assignmentId: a.id,
        userId: o.userId,
        sentBy: actor.userId,
        createdAt: now,
      })),
    );
  }
  const mailed = await mailMembers({
    tx,
    actor,
    mail,
    assignment: a,
    kind: 'reminder',
    counts: new Map(open.map((o) => [o.userId, Number(o.count)])),
    dedupeSuffix: String(now.getTime()),
  });
  await tx.update(assignments).set({ lastReminderAt: now }).where(eq(assignments.id, a.id));
  return { reminded: open.length, mailed, mail: mailOutcome(mail), lastReminderAt: now.toISOString() };
}

export interface ReminderNotice {
  id: string;
  sentAt: string;
  sentBy: string | null;
}

/** The rep's reminders not yet dismissed, newest first, by assignment. */
export async function noticesFor(
  tx: Executor,
  actor: Actor,
  assignmentIds: readonly string[],
): Promise<Map<string, ReminderNotice[]>> {
  if (!assignmentIds.length) return new Map();
  const rows = await tx
    .select({
      id: reminderNotices.id,
      assignmentId: reminderNotices.assignmentId,
      sentAt: reminderNotices.createdAt,
      sentBy: displayName,
    })
    .from(reminderNotices)
    .leftJoin(users, eq(users.id, reminderNotices.sentBy))
    .where(
      and(
        eq(reminderNotices.tenantId, actor.tenantId),
        eq(reminderNotices.userId, actor.userId),
        isNull(reminderNotices.dismissedAt),
        inArray(reminderNotices.assignmentId, [...assignmentIds]),
      ),
    )
    .orderBy(desc(reminderNotices.createdAt));
  return groupBy(
    rows,
    (r) => r.assignmentId,
    (r): ReminderNotice => ({ id: r.id, sentAt: r.sentAt.toISOString(), sentBy: r.sentBy }),
  );
}

/** The rep dismisses one of their reminders (again: no change); someone else's is NOT_FOUND. */
export async function dismissReminder({
  tx,
  actor,
  reminderId,
  now = new Date(),
}: {
  tx: Executor;
  actor: Actor;
  reminderId: string;
  now?: Date;
}) {
  const [row] = await tx
    .select({ id: reminderNotices.id, dismissedAt: reminderNotices.dismissedAt })
    .from(reminderNotices)
    .where(
      and(
        eq(reminderNotices.id, reminderId),
        eq(reminderNotices.tenantId, actor.tenantId),
        eq(reminderNotices.userId, actor.userId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND', 'Reminder not found');
  if (!row.dismissedAt)
    await tx.update(reminderNotices).set({ dismissedAt: now }).where(eq(reminderNotices.id, row.id));
  return { id: row.id };
}

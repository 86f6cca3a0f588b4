import { eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { enqueueMail, interpolate, mailStrings, recipientLanguages, renderMail } from '../../mail/jobs';
import { displayName, type Actor } from './scope';

export interface MailContext {
  /** Base URL for links in mail (PUBLIC_URL), without trailing slash. */
  publicUrl: string;
  /**
   * 'smtp' when SMTP_URL is set (the mail job sends it); 'outbox' when mail is only stored for
   * admins; 'none' for the demo history (server/demo-history), which mails nobody.
   */
  delivery: 'smtp' | 'outbox' | 'none';
}

/** What the API tells a manager about the mail it queued: on its way, or only stored in the outbox. */
export const mailOutcome = (mail: MailContext) =>
  mail.delivery === 'smtp' ? ('sending' as const) : ('stored' as const);

function formatDue(dueAt: Date | null, lng: string): string | null {
  if (!dueAt) return null;
  return (
    new Intl.DateTimeFormat(lng, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(dueAt) + ' UTC'
  );
}

/** One mail per rep (`counts`: their number of simulations), in the rep's language; returns how many were queued. */
export async function mailMembers({
  tx,
  actor,
  mail,
  assignment: a,
  kind,
  counts,
  dedupeSuffix,
}: {
  tx: Executor;
  actor: Actor;
  mail: MailContext;
  assignment: { id: string; name: string; dueAt: Date | null };
  kind: 'assigned' | 'reminder';
  counts: Map<string, number>;
  dedupeSuffix: string;
}): Promise<number> {
  if (mail.delivery === 'none') return 0;
  const recipients = await recipientLanguages(tx, [...counts.keys()]);
  const [manager] = await tx.select({ name: displayName }).from(users).where(eq(users.id, actor.userId));
  const link = `${mail.publicUrl}/assignments/sr`;
  let n = 0;
  for (const [userId, count] of counts) {
    const r = recipients.get(userId);
    if (!r) continue;
    const vars = { name: r.name, manager: manager?.name ?? 'Spar', assignment: a.name, count };
    const due = formatDue(a.dueAt, r.language);
    const s = mailStrings(r.language)[kind];
    const dueLine = due ? interpolate(s.due, { due }) : s.noDue;
    const m = renderMail(r.language, kind, vars, [dueLine], link);
    await enqueueMail(tx, {
      tenantId: actor.tenantId,
      to: r.email,
      ...m,
      dedupeKey: `assignment:${a.id}:${kind}:${userId}:${dedupeSuffix}`,
    });
    n++;
  }
  return n;
}

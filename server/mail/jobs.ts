import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { clients, jobs, mailOutbox, users } from '../../db/schema';
import { emit } from '../events';
import { LANGUAGES, type Language } from '../contracts/languages';
import { asSystem } from '../../db/tenant';
import { randomUUID } from 'node:crypto';
import { enqueueJob } from '../jobs/queue';
import { PermanentJobError, type JobHandler } from '../jobs/handler';
import { logger } from '../logger';
import { interpolate, serverTexts, serverTranslator } from '../i18n';

/**
 * Mail as durable jobs: the request transaction writes a `mail_outbox` row (status queued) and a
 * 'mail' job (payload { outboxId }, dedupe key from the caller) that commit together. The worker's
 * handler sends it over SMTP and marks the row sent, or — without SMTP — marks it stored for admins
 * to read. A job that runs twice sees the row already sent and sends nothing.
 */
export interface QueuedMail {
  tenantId: string | null;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Unique per logical mail, e.g. `assignment:<id>:user:<id>:sent`. */
  dedupeKey: string;
  /**
   * The mail carries a one-time "choose your password" link for this user: its text holds
   * PASSWORD_LINK_SLOT where the link goes, and the link is minted as the mail is sent (the
   * outbox keeps the slot, never the link).
   */
  passwordLink?: { userId: string; baseUrl: string };
}

/** Where a minted one-time link goes in a mail's text (kept as such in the outbox). */
export const PASSWORD_LINK_SLOT = '{{password-link}}';

/** Mints a user's one-time password link (server/auth/password-links.ts, wired at the composition root). */
type PasswordLinkMinter = (db: Db, link: { userId: string; baseUrl: string }) => Promise<string>;

export async function enqueueMail(tx: Executor, mail: QueuedMail): Promise<string> {
  // the job first: a dedupe key already taken means this mail was queued before, and no second
  // outbox row is written (it would stay 'queued' with no job to send it)
  const outboxId = randomUUID();
  const job = await enqueueJob(tx, {
    queue: 'mail',
    tenantId: mail.tenantId,
    payload: { outboxId },
    dedupeKey: mail.dedupeKey,
    maxAttempts: 8,
  });
  if (job.created) {
    await tx.insert(mailOutbox).values({
      id: outboxId,
      tenantId: mail.tenantId,
      toAddress: mail.to,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      status: 'queued',
    });
  }
  return job.id;
}

/** What a mail's sending means to the rest of the product: a campaign link becomes 'sent' once its mail is accepted. */
export interface MailSentHook {
  magicLinkId: string;
}

/**
 * Many mails at once (a campaign's links): the jobs and outbox rows are inserted in chunks in the
 * caller's transaction, each job due at its own `runAt` (so a batch goes out at a bounded rate).
 * Every dedupe key must be new (the callers' keys name fresh rows).
 */
export async function enqueueMails(
  tx: Executor,
  mails: (QueuedMail & { runAt: Date; onSent?: MailSentHook })[],
): Promise<number> {
  const CHUNK = 250;
  for (let i = 0; i < mails.length; i += CHUNK) {
    const part = mails.slice(i, i + CHUNK).map((m) => ({ ...m, outboxId: randomUUID() }));
    await tx.insert(mailOutbox).values(
      part.map((m) => ({
        id: m.outboxId,
        tenantId: m.tenantId,
        toAddress: m.to,
        subject: m.subject,
        textBody: m.text,
        htmlBody: m.html,
        status: 'queued' as const,
      })),
    );
    await asSystem(tx, { action: 'jobs.enqueue', tenantId: part[0].tenantId }, (sys) =>
      sys.insert(jobs).values(
        part.map((m) => ({
          queue: 'mail' as const,
          tenantId: m.tenantId,
          payload: {
            outboxId: m.outboxId,
            ...(m.onSent ? { onSent: m.onSent } : {}),
            ...(m.passwordLink ? { passwordLink: m.passwordLink } : {}),
          },
          dedupeKey: m.dedupeKey,
          maxAttempts: 8,
          runAt: m.runAt,
        })),
      ),
    );
  }
  return mails.length;
}

export interface MailTransportOptions {
  smtpUrl?: string;
  from: string;
  passwordLink?: PasswordLinkMinter;
}

export function mailHandler(opts: MailTransportOptions): JobHandler & { close(): void } {
  let transporter: import('nodemailer').Transporter | undefined;
  const transport = async () => {
    if (!opts.smtpUrl) return undefined;
    if (!transporter) {
      const nodemailer = await import('nodemailer');
      transporter = nodemailer.createTransport(opts.smtpUrl);
    }
    return transporter;
  };
  return {
    async run({ job, db }) {
      const outboxId = typeof job.payload.outboxId === 'string' ? job.payload.outboxId : null;
      if (!outboxId) throw new PermanentJobError('mail job without outboxId');
      const [row] = await asSystem(db, { action: 'mail.load' }, (tx) =>
        tx.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId)),
      );
      if (!row) throw new PermanentJobError(`outbox row ${outboxId} not found`);
      if (row.status === 'sent' || row.status === 'stored') return { outboxId, skipped: row.status };
      const t = await transport();
      if (!t) {
        await asSystem(db, { action: 'mail.stored' }, (tx) =>
          tx.update(mailOutbox).set({ status: 'stored' }).where(eq(mailOutbox.id, outboxId)),
        );
        return { outboxId, status: 'stored' };
      }
      // a one-time link is minted now, put into what is sent, and never written back
      const link = job.payload.passwordLink as { userId: string; baseUrl: string } | undefined;
      let fill = (body: string) => body;
      if (link) {
        if (!opts.passwordLink) throw new PermanentJobError('no minter for a password link');
        const url = await opts.passwordLink(db, link);
        fill = (body) => body.replaceAll(PASSWORD_LINK_SLOT, url);
      }
      // the same Message-ID on every attempt: a receiver can drop a resend after a crash mid-send
      await t.sendMail({
        from: opts.from,
        to: row.toAddress,
        subject: row.subject,
        text: fill(row.textBody),
        html: row.htmlBody ? fill(row.htmlBody) : undefined,
        messageId: `<${outboxId}@spar.outbox>`,
      });
      await asSystem(db, { action: 'mail.sent' }, async (tx) => {
        await tx
          .update(mailOutbox)
          .set({ status: 'sent', sentAt: new Date(), error: null })
          .where(eq(mailOutbox.id, outboxId));
        const hook = job.payload.onSent as MailSentHook | undefined;
        // a campaign's link becomes 'sent' in this transaction (subscribed in server/wiring.ts)
        if (hook?.magicLinkId && row.tenantId)
          await emit('mail.sent', { tx, tenantId: row.tenantId, magicLinkId: hook.magicLinkId });
      });
      return { outboxId, status: 'sent' };
    },
    async onDead(job, error, db) {
      const outboxId = typeof job.payload.outboxId === 'string' ? job.payload.outboxId : null;
      if (!outboxId) return;
      await asSystem(db, { action: 'mail.failed' }, (tx) =>
        tx
          .update(mailOutbox)
          .set({ status: 'failed', error: error.slice(0, 500) })
          .where(eq(mailOutbox.id, outboxId)),
      );
      logger.error({ outboxId, error }, 'mail gave up');
    },
    close() {
      transporter?.close();
    },
  };
}

// ---- templates ----------------------------------------------------------------------------

type MailStrings = Record<string, Record<string, string>>;

/** locales/<lng>/mail.json, through the server's i18next instance (server/i18n.ts). */
export function mailStrings(lng: Language): MailStrings {
  return serverTexts(lng, 'mail') as MailStrings;
}

export { interpolate };

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The recipient's language: their own setting, else the client's default, else English. */
export async function recipientLanguages(
  tx: Executor,
  userIds: string[],
): Promise<Map<string, { email: string; name: string; language: Language }>> {
  const out = new Map<string, { email: string; name: string; language: Language }>();
  if (!userIds.length) return out;
  const rows = await tx
    .select({
      id: users.id,
      email: users.email,
      name: users.displayName,
      username: users.username,
      language: users.language,
      clientLanguage: clients.defaultLanguage,
    })
    .from(users)
    .innerJoin(clients, eq(clients.id, users.tenantId))
    .where(inArray(users.id, userIds));
  for (const r of rows) {
    const lng = (r.language ?? r.clientLanguage ?? 'en') as Language;
    out.set(r.id, {
      email: r.email,
      name: r.name || r.username,
      language: (LANGUAGES as readonly string[]).includes(lng) ? lng : 'en',
    });
  }
  return out;
}

/** A simple text + HTML mail from a mail.json section: subject, greeting, lines…, cta, footer. */
export function renderMail(
  lng: Language,
  section: string,
  vars: Record<string, string | number>,
  extraLines: string[],
  link: string,
) {
  const s = mailStrings(lng)[section];
  if (!s) throw new Error(`mail section ${section} missing`);
  const subject = interpolate(s.subject, vars, lng);
  const lines = [
    interpolate(s.greeting, vars, lng),
    // through `t`, so a `count` picks the body's plural form (body_one, body_other)
    serverTranslator(lng, 'mail')(`${section}.body`, vars),
    ...(s.expires ? [interpolate(s.expires, vars, lng)] : []),
    ...extraLines,
  ];
  const cta = interpolate(s.cta, vars, lng);
  // a section may carry its own footer (a candidate is nobody's employee) and expiry line
  const footer = interpolate(s.footer ?? mailStrings(lng).common.footer, vars, lng);
  const text = `${lines.join('\n\n')}\n\n${cta}: ${link}\n\n${footer}\n`;
  const html = `<!doctype html><html lang="${lng}"><body style="font-family:sans-serif">${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('')}<p><a href="${escapeHtml(link)}">${escapeHtml(cta)}</a></p><p style="color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}

import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { logger } from '../logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  tenantId?: string | null;
}

export interface Mailer {
  /** Records the mail in the outbox and sends it over SMTP when configured. Returns the outbox id. */
  send(db: Db, message: MailMessage): Promise<string>;
  readonly transport: 'smtp' | 'outbox';
  close(): Promise<void>;
}

export async function createMailer(opts: { smtpUrl?: string; from: string }): Promise<Mailer> {
  let transporter: import('nodemailer').Transporter | undefined;
  if (opts.smtpUrl) {
    const nodemailer = await import('nodemailer');
    transporter = nodemailer.createTransport(opts.smtpUrl);
  }
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(db, m) {
      const [row] = await asSystem(db, { action: 'mail.enqueue', tenantId: m.tenantId ?? null }, (tx) =>
        tx
          .insert(mailOutbox)
          .values({
            tenantId: m.tenantId ?? null,
            toAddress: m.to,
            subject: m.subject,
            textBody: m.text,
            htmlBody: m.html ?? null,
            status: transporter ? 'queued' : 'stored',
          })
          .returning({ id: mailOutbox.id }),
      );
      if (transporter) {
        try {
          await transporter.sendMail({ from: opts.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
          await asSystem(db, { action: 'mail.sent' }, (tx) =>
            tx.update(mailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(mailOutbox.id, row.id)),
          );
        } catch (e) {
          logger.error({ err: e, outboxId: row.id }, 'mail send failed');
          await asSystem(db, { action: 'mail.failed' }, (tx) =>
            tx.update(mailOutbox).set({ status: 'failed', error: String((e as Error).message).slice(0, 500) }).where(eq(mailOutbox.id, row.id)),
          );
        }
      }
      return row.id;
    },
    async close() {
      transporter?.close();
    },
  };
}

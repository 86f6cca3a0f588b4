/**
 * What the process does with mail. Sending is not done here: every mail is a durable job
 * (`enqueueMail` in ./jobs.ts) written in the request's transaction and delivered by the job
 * worker over SMTP_URL, or kept in mail_outbox for admins when SMTP is not configured.
 */
export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  close(): Promise<void>;
}

export async function createMailer(opts: { smtpUrl?: string; from: string }): Promise<Mailer> {
  return {
    transport: opts.smtpUrl ? 'smtp' : 'outbox',
    async close() {},
  };
}

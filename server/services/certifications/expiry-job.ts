import type { Executor } from '../../../db/client';
import type { certificates } from '../../../db/schema';
import type { JobHandler } from '../../jobs/handler';
import { enqueueMail, recipientLanguages, renderMail } from '../../mail/jobs';
import { sweepCertificates } from './certifications';

/**
 * The 'certificate_expiry' job, due 30 days before a certificate expires and again on the day:
 * the sweep reminds holders whose certificate expires within 30 days (a mail in their language;
 * the app shows the reminder on its own) and marks lapsed the certificates whose day has passed.
 * Whichever job runs first does what is due; the other finds nothing left.
 */
export function certificateExpiryHandler(opts: { publicUrl: string; mail: boolean; now?: () => Date }): JobHandler {
  return {
    async run({ tenant }) {
      if (!tenant) return { skipped: 'no tenant' };
      return tenant((tx) =>
        sweepCertificates(tx, {
          now: opts.now?.() ?? new Date(),
          remind: (c) => (opts.mail ? remindByMail(tx, c, opts.publicUrl) : Promise.resolve()),
        }),
      );
    },
  };
}

/** The reminder mail: the certificate, its expiry date, and a link to take it again. */
export async function remindByMail(tx: Executor, c: typeof certificates.$inferSelect, publicUrl: string) {
  const r = (await recipientLanguages(tx, [c.userId])).get(c.userId);
  if (!r || !c.expiresAt) return;
  const expires = new Intl.DateTimeFormat(r.language, { dateStyle: 'long', timeZone: 'UTC' }).format(c.expiresAt);
  const m = renderMail(
    r.language,
    'certificateExpiring',
    { name: r.name, certification: c.details.certificationName, expires },
    [],
    `${publicUrl}/certifications/${c.certificationId}`,
  );
  await enqueueMail(tx, { tenantId: c.tenantId, to: r.email, ...m, dedupeKey: `certificate:${c.id}:reminder` });
}

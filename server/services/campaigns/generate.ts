import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, or, sql } from 'drizzle-orm';
import { campaigns, clients, magicLinks, simulations } from '../../../db/schema';
import type { TenantRunner } from '../../../db/tenant';
import {
  MAGIC_LINK_BATCH_MAX,
  parseEntries,
  type GenerateLinksInput,
  type GenerateLinksResult,
} from '../../contracts/campaigns';
import type { Language } from '../../contracts/languages';
import type { Env } from '../../env';
import { AppError } from '../../errors';
import { enqueueMails, renderMail } from '../../mail/jobs';
import { hashToken, newLinkToken } from '../guest-links/tokens';

/** A guest's link: the page with the link's id and its token (32 random bytes, base64url). */
const magicLink = (baseUrl: string, linkId: string, token: string) =>
  `${baseUrl}/magic-link/${linkId}?token=${encodeURIComponent(token)}`;

const CHUNK = 250;

export interface GenerateOptions {
  tenantId: string;
  userId: string;
  baseUrl: string;
  now?: Date;
  /** Called after each chunk is written (the screen's progress bar). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Makes one link per valid entry of a campaign, in one transaction: all links or none. Checked
 * before anything is written: at most 2,000 non-blank lines; at least one valid address
 * (NO_VALID_ENTRIES otherwise). Lines with an invalid address are skipped and counted, a repeated
 * address in the batch gets one link, and an address that already holds a live link for the
 * campaign gets none (both are reported). Batches for one campaign are serialised (a transaction
 * advisory lock), so two at once cannot both give one address a live link. With `send`, each link's
 * mail is queued in the campaign's language, due at MAGIC_LINK_MAILS_PER_MINUTE.
 */
export async function generateLinks({
  tenant,
  env,
  input,
  opts,
}: {
  tenant: TenantRunner;
  env: Pick<Env, 'MAGIC_LINK_MAILS_PER_MINUTE'>;
  input: GenerateLinksInput;
  opts: GenerateOptions;
}): Promise<GenerateLinksResult> {
  const parsed = parseEntries(input.entries);
  if (parsed.lines > MAGIC_LINK_BATCH_MAX) {
    throw new AppError('VALIDATION', `At most ${MAGIC_LINK_BATCH_MAX} entries per batch`, {
      fieldErrors: { entries: ['cta.validation.tooManyEntries'] },
      entries: parsed.lines,
      max: MAGIC_LINK_BATCH_MAX,
    });
  }
  if (parsed.entries.length === 0) {
    throw new AppError('NO_VALID_ENTRIES', 'Invalid email format. No valid entries. Please check email, name format', {
      fieldErrors: { entries: ['cta.validation.noValidEntries'] },
      invalidLines: parsed.invalid,
    });
  }
  const now = opts.now ?? new Date();
  return tenant(async (tx) => {
    const [campaign] = await tx
      .select({ c: campaigns, simulationName: simulations.name, company: clients.name })
      .from(campaigns)
      .innerJoin(clients, eq(clients.id, campaigns.tenantId))
      .leftJoin(simulations, eq(simulations.id, campaigns.simulationId))
      .where(eq(campaigns.id, input.campaignId));
    if (!campaign)
      throw new AppError('NOT_FOUND', 'Campaign not found', {
        fieldErrors: { campaignId: ['cta.validation.campaignRequired'] },
      });
    if (!campaign.c.simulationId || !campaign.simulationName) {
      throw new AppError('VALIDATION', 'The campaign has no simulation', {
        fieldErrors: { campaignId: ['cta.validation.campaignNoSimulation'] },
      });
    }
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`magic-links:${campaign.c.id}`}))`);

    // addresses with a live link for this campaign: not expired, not completed
    const emails = parsed.entries.map((e) => e.email);
    const live = new Set<string>();
    for (let i = 0; i < emails.length; i += 1000) {
      const rows = await tx
        .select({ email: magicLinks.email })
        .from(magicLinks)
        .where(
          and(
            eq(magicLinks.campaignId, campaign.c.id),
            inArray(magicLinks.email, emails.slice(i, i + 1000)),
            or(
              inArray(magicLinks.status, ['started', 'in_progress']),
              and(inArray(magicLinks.status, ['created', 'sent', 'clicked']), gt(magicLinks.expiresAt, now)),
            ),
          ),
        );
      for (const r of rows) live.add(r.email);
    }
    const fresh = parsed.entries.filter((e) => !live.has(e.email));
    const batchId = randomUUID();
    const expiresAt = new Date(now.getTime() + campaign.c.linkExpirationDays * 86_400_000);
    const made = fresh.map((e) => ({ id: randomUUID(), token: newLinkToken(), ...e }));

    opts.onProgress?.(0, made.length);
    for (let i = 0; i < made.length; i += CHUNK) {
      await tx.insert(magicLinks).values(
        made.slice(i, i + CHUNK).map((m) => ({
          id: m.id,
          tenantId: opts.tenantId,
          campaignId: campaign.c.id,
          batchId,
          email: m.email,
          firstName: m.firstName,
          tokenHash: hashToken(m.token),
          expiresAt,
          createdBy: opts.userId,
          createdAt: now,
          updatedAt: now,
        })),
      );
      opts.onProgress?.(Math.min(made.length, i + CHUNK), made.length);
    }

    if (input.send && made.length) {
      const lng = campaign.c.language as Language;
      const gapMs = 60_000 / env.MAGIC_LINK_MAILS_PER_MINUTE;
      const expires = new Intl.DateTimeFormat(lng, { dateStyle: 'long' }).format(expiresAt);
      await enqueueMails(
        tx,
        made.map((m, i) => {
          const vars = {
            name: m.firstName || m.email,
            company: campaign.company,
            campaign: campaign.c.name,
            simulation: campaign.simulationName!,
            date: expires,
          };
          const mail = renderMail(
            lng,
            'magicLinkInvite',
            vars,
            [campaign.c.subHeader].filter(Boolean),
            magicLink(opts.baseUrl, m.id, m.token),
          );
          return {
            tenantId: opts.tenantId,
            to: m.email,
            ...mail,
            dedupeKey: `magic-link:${m.id}:invite`,
            runAt: new Date(now.getTime() + Math.floor(i * gapMs)),
            onSent: { magicLinkId: m.id },
          };
        }),
      );
    }

    return {
      batchId,
      campaignId: campaign.c.id,
      created: made.length,
      invalidLines: parsed.invalid,
      duplicateLines: parsed.duplicates,
      alreadyLive: [...live].sort(),
      sending: input.send && made.length > 0,
      links: made.map((m) => ({
        id: m.id,
        email: m.email,
        firstName: m.firstName,
        link: magicLink(opts.baseUrl, m.id, m.token),
        expiresAt: expiresAt.toISOString(),
      })),
    };
  });
}

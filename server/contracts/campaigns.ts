import { z } from 'zod';
import { listOf, pageOf, stampsOutput } from './records';
import { BOOKING_PROVIDERS, MAGIC_LINK_EXPIRY_REASONS, MAGIC_LINK_STATUSES, type BookingProvider } from './enums';
import { LINK_TOKEN_PATTERN, linkLifetimeOutput, linkSimulationOutput } from './assessments';
import { LANGUAGES } from './languages';
import { reportOutput, reportStatusOutput } from './reports';
import { requiredText, text } from './text';

/**
 * Campaign magic links: the /cta screen and the guest's public pages. The /cta screen's
 * procedures use camelCase; the guest's public paths (`/api/v1/cta/…`) use snake_case like the
 * other public link paths. Messages are i18n keys of locales/<lng>/cta.json.
 */

/** At most 2,000 entries per generation batch. */
export const MAGIC_LINK_BATCH_MAX = 2000;
const LINK_EXPIRATION_DAYS_MAX = 90;
/** The campaign id a tenant chooses: lower-case letters, digits and dashes. */
const CAMPAIGN_SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
/** The entries box holds at most this many characters (2,000 lines of a long address and name). */
const ENTRIES_MAX_CHARS = 2000 * 400;

// ---- The Book-a-Call scheduler ---------------------------------------------------------------

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** The scheduler's page as a URL when it is one we can embed: https, or http on this machine's loopback. */
export function schedulerUrl(raw: string | null | undefined): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.username || url.password) return null;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url;
  return null;
}

/**
 * The origins the embedded scheduler is served from: the configured page's own origin, and for
 * Cal.com's hosted service also app.cal.com (its embed answers from there). The Content-Security-
 * Policy frames only these, and only a booking message from one of them counts.
 */
export function schedulerOrigins(provider: BookingProvider, raw: string | null | undefined): string[] {
  const url = provider === 'none' ? null : schedulerUrl(raw);
  if (!url) return [];
  const origins = [url.origin];
  if (provider === 'calcom' && (url.hostname === 'cal.com' || url.hostname === 'www.cal.com'))
    origins.push('https://app.cal.com');
  return origins;
}

/**
 * The address the booking frame loads, prefilled with the guest's name and e-mail: Cal.com's
 * inline embed page (`<event page>/embed`, `embedType=inline`) or Calendly's inline widget page
 * (`embed_type=Inline`, `embed_domain`).
 */
export function schedulerFrameSrc(
  provider: BookingProvider,
  raw: string,
  guest: { name: string; email: string },
  embedDomain: string,
): string | null {
  const url = schedulerUrl(raw);
  if (!url || provider === 'none') return null;
  const out = new URL(url.toString());
  if (provider === 'calcom') {
    if (!out.pathname.endsWith('/embed')) out.pathname = `${out.pathname.replace(/\/+$/, '')}/embed`;
    out.searchParams.set('embed', '');
    out.searchParams.set('embedType', 'inline');
  } else {
    out.searchParams.set('embed_domain', embedDomain);
    out.searchParams.set('embed_type', 'Inline');
  }
  if (guest.name) out.searchParams.set('name', guest.name);
  out.searchParams.set('email', guest.email);
  return out.toString();
}

/**
 * Whether a window message is the scheduler's "booked" event: Cal.com's embed posts
 * `{ originator: 'CAL', type: 'bookingSuccessful' | 'bookingSuccessfulV2', … }`, Calendly's widget
 * `{ event: 'calendly.event_scheduled', … }`; either only from the scheduler's origins.
 */
export function isBookingMessage(
  provider: BookingProvider,
  origins: readonly string[],
  origin: string,
  data: unknown,
): boolean {
  if (!origins.includes(origin)) return false;
  let d = data;
  if (typeof d === 'string') {
    try {
      d = JSON.parse(d);
    } catch {
      return false;
    }
  }
  if (!d || typeof d !== 'object') return false;
  const m = d as Record<string, unknown>;
  if (provider === 'calcom')
    return m.originator === 'CAL' && (m.type === 'bookingSuccessful' || m.type === 'bookingSuccessfulV2');
  if (provider === 'calendly') return m.event === 'calendly.event_scheduled';
  return false;
}

// ---- Campaigns ---------------------------------------------------------------------------------

const campaignFields = z.object({
  slug: requiredText('cta.validation.slugRequired', 64, 'cta.validation.slugFormat').regex(
    CAMPAIGN_SLUG_PATTERN,
    'cta.validation.slugFormat',
  ),
  name: requiredText('cta.validation.nameRequired', 200, 'cta.validation.tooLong'),
  subHeader: text().max(300, 'cta.validation.tooLong').default(''),
  introParagraph: requiredText('cta.validation.introRequired', 4000, 'cta.validation.tooLong'),
  afterMessage: requiredText('cta.validation.afterRequired', 4000, 'cta.validation.tooLong'),
  bannerMessage: text().max(500, 'cta.validation.tooLong').default(''),
  ctaInstructions: text().max(4000, 'cta.validation.tooLong').default(''),
  language: z.enum(LANGUAGES, 'cta.validation.languageRequired'),
  linkExpirationDays: z
    .number('cta.validation.expirationDays')
    .int('cta.validation.expirationDays')
    .min(1, 'cta.validation.expirationDays')
    .max(LINK_EXPIRATION_DAYS_MAX, 'cta.validation.expirationDays'),
  simulationId: z.uuid('cta.validation.simulationRequired'),
  bookingProvider: z.enum(BOOKING_PROVIDERS).default('none'),
  bookingUrl: text().max(500, 'cta.validation.tooLong').nullish(),
});

const bookingRule = (v: { bookingProvider: BookingProvider; bookingUrl?: string | null }, ctx: z.RefinementCtx) => {
  if (v.bookingProvider !== 'none' && !schedulerUrl(v.bookingUrl))
    ctx.addIssue({ code: 'custom', path: ['bookingUrl'], message: 'cta.validation.bookingUrl' });
};

export const campaignInput = campaignFields.superRefine(bookingRule);
export type CampaignInput = z.infer<typeof campaignInput>;
export const updateCampaignInput = campaignFields.extend({ id: z.uuid() }).superRefine(bookingRule);
export const campaignIdInput = z.object({ id: z.uuid() });

export const campaignOutput = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  subHeader: z.string(),
  introParagraph: z.string(),
  afterMessage: z.string(),
  bannerMessage: z.string(),
  ctaInstructions: z.string(),
  language: z.enum(LANGUAGES),
  linkExpirationDays: z.number().int(),
  simulationId: z.uuid().nullable(),
  simulationName: z.string().nullable(),
  bookingProvider: z.enum(BOOKING_PROVIDERS),
  bookingUrl: z.string().nullable(),
  links: z.number().int(),
  ...stampsOutput,
});
export type CampaignRow = z.infer<typeof campaignOutput>;
export const campaignListOutput = listOf(campaignOutput);

// ---- The generator ------------------------------------------------------------------------------

const emailCheck = z.email();

export interface ParsedEntries {
  /** Valid, first occurrence of each address, in order. */
  entries: { line: number; email: string; firstName: string }[];
  /** Non-blank lines. */
  lines: number;
  /** Lines whose address is not an e-mail address (1-based line numbers). */
  invalid: number[];
  /** Lines repeating an address already given above (1-based). */
  duplicates: number[];
}

/**
 * The generate form's entries, one per line as "email, first name" (a semicolon or a tab also
 * separates; the name may be left out). Blank lines are ignored; addresses are compared
 * lower-cased. Runs in the browser (the live count) and on the server (the truth).
 */
export function parseEntries(raw: string): ParsedEntries {
  const out: ParsedEntries = { entries: [], lines: 0, invalid: [], duplicates: [] };
  const seen = new Set<string>();
  raw.split(/\r\n?|\n/).forEach((line, i) => {
    const trimmed = line.trim();
    if (!trimmed) return;
    out.lines++;
    const cut = trimmed.search(/[,;\t]/);
    const email = (cut < 0 ? trimmed : trimmed.slice(0, cut)).trim().toLowerCase();
    const firstName = (cut < 0 ? '' : trimmed.slice(cut + 1)).trim().replace(/^"|"$/g, '').slice(0, 100);
    if (email.length > 254 || !emailCheck.safeParse(email).success) {
      out.invalid.push(i + 1);
      return;
    }
    if (seen.has(email)) {
      out.duplicates.push(i + 1);
      return;
    }
    seen.add(email);
    out.entries.push({ line: i + 1, email, firstName });
  });
  return out;
}

export const generateLinksInput = z.object({
  campaignId: z.uuid('cta.validation.campaignRequired'),
  entries: requiredText('cta.validation.entriesRequired', ENTRIES_MAX_CHARS, 'cta.validation.tooManyEntries'),
  /** Mail each link to its guest (through the outbox, in the campaign's language). */
  send: z.boolean().default(false),
});
export type GenerateLinksInput = z.infer<typeof generateLinksInput>;

interface GeneratedLink {
  id: string;
  email: string;
  firstName: string;
  link: string;
  expiresAt: string;
}
export interface GenerateLinksResult {
  batchId: string;
  campaignId: string;
  created: number;
  /** Line numbers (1-based) skipped for an invalid address. */
  invalidLines: number[];
  /** Line numbers repeating an address of the same batch. */
  duplicateLines: number[];
  /** Addresses that already hold a live link for the campaign (no second link is made). */
  alreadyLive: string[];
  /** Whether the links were queued for sending. */
  sending: boolean;
  links: GeneratedLink[];
}

/** The generate endpoint answers newline-delimited JSON: progress lines, then the result or an error. */
export type GenerateStreamLine =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; result: GenerateLinksResult }
  | { type: 'error'; error: { code: string; message: string } };

// ---- The all-links table ------------------------------------------------------------------------

const MAGIC_LINKS_PAGE_SIZES = [25, 50, 100] as const;
export const linkFilterInput = z.object({
  campaignId: z.uuid().optional(),
  status: z.enum([...MAGIC_LINK_STATUSES, 'booked']).optional(),
  search: text().max(254).optional(),
});
export const listLinksInput = linkFilterInput.extend({
  page: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.union(MAGIC_LINKS_PAGE_SIZES.map((n) => z.literal(n))).default(25),
});
export type ListLinksInput = z.infer<typeof listLinksInput>;

const magicLinkRow = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  campaignId: z.uuid(),
  campaignSlug: z.string(),
  campaignName: z.string(),
  simulationName: z.string().nullable(),
  status: z.enum(MAGIC_LINK_STATUSES),
  expiredReason: z.enum(MAGIC_LINK_EXPIRY_REASONS).nullable(),
  clicks: z.number().int(),
  ...linkLifetimeOutput,
  sentAt: z.string().nullable(),
  lastClickedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  bookedAt: z.string().nullable(),
  /** The scheduler did not load for the guest (they were shown the instructions and a direct link instead). */
  bookingFailedAt: z.string().nullable(),
  score: z.number().nullable(),
  /** The score is the offline heuristic's (labelled as such). */
  heuristic: z.boolean(),
});
export type MagicLinkRow = z.infer<typeof magicLinkRow>;
export const listLinksOutput = pageOf(magicLinkRow);

/** Columns of the all-links CSV (the links themselves are not kept: they are in the batch's own CSV). */
export const MAGIC_LINKS_CSV_COLUMNS = [
  'email',
  'first_name',
  'campaign',
  'simulation',
  'status',
  'clicks',
  'created_at',
  'expires_at',
  'sent_at',
  'last_clicked_at',
  'completed_at',
  'booked_at',
  'score',
] as const;
/** Columns of a generated batch's CSV. */
export const BATCH_CSV_COLUMNS = ['email', 'first_name', 'link', 'expires_at'] as const;
export const MAGIC_LINKS_CSV_MAX_ROWS = 100_000;
export const exportLinksOutput = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });

// ---- The guest's public paths (the link's id and token) -------------------------------------------

export const ctaLinkInput = z.object({
  cta_id: z.uuid('cta.link.malformed'),
  token: z.string().regex(LINK_TOKEN_PATTERN, 'cta.link.malformed'),
});

/** `POST /api/v1/cta/validate-token`: what the intro shows (and the click is counted). */
export const ctaValidateOutput = z.object({
  cta_id: z.uuid(),
  status: z.enum(MAGIC_LINK_STATUSES),
  first_name: z.string(),
  company_name: z.string(),
  expires_at: z.string(),
  campaign: z.object({
    name: z.string(),
    sub_header: z.string(),
    intro_paragraph: z.string(),
    language: z.enum(LANGUAGES),
  }),
  simulation: linkSimulationOutput,
  call_started: z.boolean(),
});

/** `POST /api/v1/cta/complete`: the thank-you page. */
export const ctaCompleteOutput = z.object({
  cta_id: z.uuid(),
  status: z.enum(MAGIC_LINK_STATUSES),
  report_status: reportStatusOutput,
  campaign_name: z.string(),
  after_message: z.string(),
  language: z.enum(LANGUAGES),
});

/** `GET /api/v1/cta/reports/{id}?token=`: the guest's report and the Book-a-Call step. */
export const ctaReportInput = z.object({
  id: z.uuid('cta.link.malformed'),
  token: z.string().regex(LINK_TOKEN_PATTERN, 'cta.link.malformed'),
});
export const ctaReportOutput = z.object({
  cta_id: z.uuid(),
  first_name: z.string(),
  email: z.string(),
  campaign: z.object({
    name: z.string(),
    after_message: z.string(),
    banner_message: z.string(),
    cta_instructions: z.string(),
    language: z.enum(LANGUAGES),
  }),
  booking: z.object({ provider: z.enum(BOOKING_PROVIDERS), url: z.string().nullable(), origins: z.array(z.string()) }),
  booked_at: z.string().nullable(),
  report_status: reportStatusOutput,
  report: reportOutput.nullable(),
});
export type CtaReport = z.infer<typeof ctaReportOutput>;

/** `POST /api/v1/cta/booked`: the guest's browser saw the scheduler's booking event. */
export const ctaBookedOutput = z.object({ cta_id: z.uuid(), booked_at: z.string() });
export const ctaBookingFailedOutput = z.object({ cta_id: z.uuid(), booking_failed_at: z.string() });

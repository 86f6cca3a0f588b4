import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { ReceivedMail } from '../helpers/smtp';

/**
 * Mail the e2e server sent. The SMTP receiver runs in the Playwright runner (global-setup), the
 * tests in worker processes, so each accepted message is written as one JSON file into the mail
 * directory named in server.json, and tests read them from there.
 */
interface StoredMail {
  /** Envelope sender and recipients. */
  from: string;
  to: string[];
  subject: string;
  text: string | null;
  html: string | null;
  receivedAt: string;
}

interface MailMatch {
  /** One of the envelope recipients (case-insensitive). */
  to: string;
  /** The exact subject, or a pattern it must match. */
  subject: string | RegExp;
}

/** An `onMail` for startSmtpReceiver that stores each mail in `dir` (write, then rename: readers never see half a file). */
export function mailFileWriter(dir: string): (mail: ReceivedMail) => void {
  mkdirSync(dir, { recursive: true });
  let seq = 0;
  return (mail) => {
    const stored: StoredMail = {
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      receivedAt: new Date().toISOString(),
    };
    // names sort in arrival order
    const name = `${Date.now()}-${String(++seq).padStart(6, '0')}`;
    const tmp = path.join(dir, `.${name}.tmp`);
    writeFileSync(tmp, JSON.stringify(stored, null, 2));
    renameSync(tmp, path.join(dir, `${name}.json`));
  };
}

const matches = (m: StoredMail, match: MailMatch) =>
  m.to.some((t) => t.toLowerCase() === match.to.toLowerCase()) &&
  (typeof match.subject === 'string' ? m.subject === match.subject : match.subject.test(m.subject));

const describeMatch = (match: MailMatch) =>
  `to ${match.to} with subject ${typeof match.subject === 'string' ? JSON.stringify(match.subject) : String(match.subject)}`;

export interface Mailbox {
  /** Every mail received so far, oldest first. */
  all(): StoredMail[];
  /** The received mails matching recipient and subject, oldest first. */
  find(match: MailMatch): StoredMail[];
  /** Polls until a matching mail arrives and returns the first; fails after `timeoutMs` listing what did arrive. */
  waitFor(match: MailMatch, opts?: { timeoutMs?: number; intervalMs?: number }): Promise<StoredMail>;
}

export function mailbox(dir: string): Mailbox {
  const all = (): StoredMail[] => {
    let names: string[];
    try {
      names = readdirSync(dir).filter((n) => n.endsWith('.json'));
    } catch {
      return [];
    }
    return names.sort().map((n) => JSON.parse(readFileSync(path.join(dir, n), 'utf8')) as StoredMail);
  };
  const find = (match: MailMatch) => all().filter((m) => matches(m, match));
  return {
    all,
    find,
    async waitFor(match, { timeoutMs = 20_000, intervalMs = 200 } = {}) {
      try {
        await expect.poll(() => find(match).length, { timeout: timeoutMs, intervals: [intervalMs] }).toBeGreaterThan(0);
      } catch {
        const seen = all().map((m) => `  - to ${m.to.join(', ')}: ${JSON.stringify(m.subject)}`);
        throw new Error(
          `no mail ${describeMatch(match)} within ${timeoutMs} ms; received:\n${seen.join('\n') || '  (none)'}`,
        );
      }
      return find(match)[0];
    },
  };
}

import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** One mail as received: envelope and the raw message, with its decoded subject and parts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded (RFC 2047) subject. */
  subject: string;
  /** The text/plain and text/html parts, transfer-decoded. */
  text: string | null;
  html: string | null;
}

export interface SmtpReceiverOptions {
  /**
   * Called with each mail as it is accepted, before the client hears 250: whatever it records
   * (e.g. a file another process reads) exists by the time the sender counts the mail as sent.
   */
  onMail?: (mail: ReceivedMail) => void;
  /** Mails for which this answers true are never answered (the sender waits): a send cut off by a crash. */
  hold?: (mail: ReceivedMail) => boolean;
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** Mails received but never answered (see `hold`). */
  held: ReceivedMail[];
  close(): Promise<void>;
}

/** Parses a raw message (headers + MIME body) with mailparser. */
async function parseMail(from: string, to: string[], raw: string): Promise<ReceivedMail> {
  const parsed = await simpleParser(raw);
  return {
    from,
    to,
    raw,
    subject: parsed.subject ?? '',
    text: parsed.text ?? null,
    html: typeof parsed.html === 'string' ? parsed.html : null,
  };
}

/**
 * An SMTP receiver on 127.0.0.1 (the `smtp-server` package: no TLS, no auth), enough for
 * nodemailer with `smtp://127.0.0.1:<port>?ignoreTLS=true`. Each message is parsed with
 * `mailparser` and kept in `mails`.
 */
export async function startSmtpReceiver(opts: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const held: ReceivedMail[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    // a test's teardown should not wait for idle client connections
    closeTimeout: 500,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (e) => callback(e));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const to = session.envelope.rcptTo.map((r) => r.address);
        parseMail(from, to, raw).then(
          (mail) => {
            if (opts.hold?.(mail)) return void held.push(mail);
            try {
              opts.onMail?.(mail);
            } catch (e) {
              // a transient failure (451): the sender retries, so the mail is not kept twice
              const err = new Error(`could not record the mail: ${(e as Error).message}`) as Error & {
                responseCode: number;
              };
              err.responseCode = 451;
              return callback(err);
            }
            mails.push(mail);
            callback();
          },
          (e: Error) => callback(e),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    mails,
    held,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

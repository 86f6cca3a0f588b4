import { createServer, type Server, type Socket } from 'node:net';

/** One mail as received: envelope and the raw DATA (headers + MIME body), plus helpers. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** Decoded header value (subject may be RFC 2047 encoded). */
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
}

export interface SmtpReceiver {
  url: string;
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}

function decodeWord(s: string): string {
  return s.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=\s*/g, (_, _cs: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQP(data.replace(/_/g, ' ')),
  );
}

function decodeQP(s: string): string {
  const bytes: number[] = [];
  const src = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < src.length; i++) {
    if (src[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(src.slice(i + 1, i + 3))) {
      bytes.push(parseInt(src.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(src[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

function headerOf(head: string, name: string): string | null {
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const m = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(unfolded);
  return m ? m[1].trim() : null;
}

function decodeBody(head: string, body: string): string {
  const enc = (headerOf(head, 'Content-Transfer-Encoding') ?? '7bit').toLowerCase();
  if (enc === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (enc === 'quoted-printable') return decodeQP(body);
  return body;
}

/** Splits a MIME message into its leaf parts (recursing into multipart). */
function parts(raw: string): { type: string; content: string }[] {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = idx < 0 ? raw : raw.slice(0, idx);
  const body = idx < 0 ? '' : raw.slice(idx).replace(/^\r?\n\r?\n/, '');
  const type = headerOf(head, 'Content-Type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'))
      .flatMap((p) => parts(p.replace(/^\r?\n/, '')));
  }
  return [{ type: type.split(';')[0].trim().toLowerCase(), content: decodeBody(head, body) }];
}

export function parseMail(from: string, to: string[], raw: string): ReceivedMail {
  const idx = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, idx);
  const ps = parts(raw);
  return {
    from,
    to,
    raw,
    subject: decodeWord(headerOf(head, 'Subject') ?? ''),
    text: ps.find((p) => p.type === 'text/plain')?.content ?? null,
    html: ps.find((p) => p.type === 'text/html')?.content ?? null,
  };
}

/**
 * A minimal SMTP receiver on 127.0.0.1 (EHLO/HELO, MAIL, RCPT, DATA, RSET, NOOP, QUIT; no TLS,
 * no auth) — enough for nodemailer with `smtp://127.0.0.1:<port>?ignoreTLS=true`.
 */
export async function startSmtpReceiver(opts: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const mails: ReceivedMail[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let inData = false;
    let data: string[] = [];
    let from = '';
    let to: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 localhost test SMTP');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let nl: number;
      while ((nl = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, nl);
        buffer = buffer.slice(nl + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const mail = parseMail(from, to, data.join('\r\n'));
            data = [];
            try {
              opts.onMail?.(mail);
            } catch (e) {
              // a transient failure: the sender retries, so the mail is not kept twice
              reply(`451 could not record the mail: ${(e as Error).message}`);
              continue;
            }
            mails.push(mail);
            reply('250 OK queued');
          } else data.push(line.startsWith('..') ? line.slice(1) : line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO') {
          socket.write('250-localhost\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n');
        } else if (cmd === 'HELO') reply('250 localhost');
        else if (cmd === 'MAIL') {
          from = /<([^>]*)>/.exec(line)?.[1] ?? '';
          to = [];
          reply('250 OK');
        } else if (cmd === 'RCPT') {
          to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (cmd === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (cmd === 'RSET') {
          from = '';
          to = [];
          reply('250 OK');
        } else if (cmd === 'NOOP') reply('250 OK');
        else if (cmd === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else reply('502 Command not implemented');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    port,
    mails,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

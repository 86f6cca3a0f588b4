import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One webhook request as received: its path, headers (flattened to strings) and exact body. */
interface ReceivedWebhook {
  path: string;
  headers: Record<string, string>;
  body: string;
}

export interface WebhookReceiverOptions {
  /** Requests for which this answers true are read in full but never answered (the sender waits): a send cut off by a crash. */
  hold?: (request: ReceivedWebhook) => boolean;
  /** The status answered to the others (default 200). */
  status?: (request: ReceivedWebhook) => number;
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>`: an endpoint URL is this plus a path. */
  url: string;
  /** Requests answered. */
  received: ReceivedWebhook[];
  /** Requests read but never answered (see `hold`). */
  held: ReceivedWebhook[];
  close(): Promise<void>;
}

const flat = (h: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(h).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v)]));

/**
 * A webhook receiver on loopback, as an ATS or a customer's endpoint would be: it keeps every
 * request (check the Standard Webhooks signature with the `standardwebhooks` package in the test)
 * and answers it, or holds it unanswered.
 */
export async function startWebhookReceiver(opts: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const held: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = { path: req.url ?? '', headers: flat(req.headers), body: Buffer.concat(chunks).toString('utf8') };
      if (opts.hold?.(request)) return void held.push(request);
      received.push(request);
      res.writeHead(opts.status?.(request) ?? 200).end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    held,
    close: () =>
      new Promise<void>((resolve) => {
        // a held request's connection would keep close() waiting
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

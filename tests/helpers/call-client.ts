import WebSocket from 'ws';

/** A test's side of /ws/call: the JSON messages and audio frames received, and a way to wait for one. */
export type CallMsg = { type: string; [k: string]: unknown };
export interface CallClient {
  ws: WebSocket;
  msgs: CallMsg[];
  frames: Buffer[];
  closed: Promise<number>;
  waitFor(pred: (m: CallMsg) => boolean, ms?: number): Promise<CallMsg>;
  send(m: Record<string, unknown>): void;
}

/** Opens the call socket of the server at `baseUrl`; resolves the client, or the refused upgrade's status (-1 on a network error). */
export function connectCall(
  baseUrl: string,
  callId: string,
  ticket: string | null,
  headers: Record<string, string> = { origin: baseUrl },
  query: Record<string, string> = {},
): Promise<CallClient | number> {
  const extra = Object.entries(query)
    .map(([k, v]) => `&${k}=${encodeURIComponent(v)}`)
    .join('');
  const ws = new WebSocket(
    `${baseUrl.replace('http', 'ws')}/ws/call?callId=${callId}${ticket ? `&ticket=${ticket}` : ''}${extra}`,
    { headers },
  );
  const msgs: CallMsg[] = [];
  const frames: Buffer[] = [];
  const waiters: { pred: (m: CallMsg) => boolean; resolve: (m: CallMsg) => void }[] = [];
  ws.on('message', (data, isBinary) => {
    if (isBinary) return void frames.push(data as Buffer);
    const m = JSON.parse(data.toString()) as CallMsg;
    msgs.push(m);
    for (const w of [...waiters])
      if (w.pred(m)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(m);
      }
  });
  const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
  const client: CallClient = {
    ws,
    msgs,
    frames,
    closed,
    send: (m) => ws.send(JSON.stringify(m)),
    waitFor: (pred, ms = 8000) => {
      const found = msgs.find(pred);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const t = setTimeout(
          () =>
            reject(
              new Error(`timed out; got ${msgs.map((m) => m.type + (m.state ? `:${String(m.state)}` : '')).join(',')}`),
            ),
          ms,
        );
        waiters.push({ pred, resolve: (m) => (clearTimeout(t), resolve(m)) });
      });
    },
  };
  return new Promise((resolve) => {
    ws.on('open', () => resolve(client));
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('error', () => resolve(-1));
  });
}

/**
 * On a call whose prospect speaks (its lines arrive as final transcripts): waits for the prospect's
 * first line, types `text` and waits for the spoken answer to it.
 */
export async function sayAfterSpokenGreeting(c: CallClient, text: string, timeoutMs: number) {
  const said = () => c.msgs.filter((m) => m.type === 'transcript' && m.speaker === 'prospect' && m.final).length;
  await c.waitFor(() => said() > 0, timeoutMs);
  const n = said();
  c.send({ type: 'text', text });
  await c.waitFor(() => said() > n, timeoutMs);
}

/** On a typed call: says `text` and resolves with the prospect's written answer to it. */
export async function sayTyped(c: CallClient, text: string): Promise<string> {
  const answers = () => c.msgs.filter((m) => m.type === 'prospect_text');
  const n = answers().length;
  c.send({ type: 'text', text });
  await c.waitFor(() => answers().length > n);
  return answers().at(-1)!.text as string;
}

/**
 * Holds a typed offline call to its end: waits for the prospect's greeting, says each line (waiting
 * for each answer), hangs up, and resolves when the socket closes, with when it hung up.
 */
export async function holdTypedCall(
  baseUrl: string,
  callId: string,
  ticket: string,
  lines: readonly string[],
): Promise<{ client: CallClient; hungUpAt: number }> {
  const c = await connectCall(baseUrl, callId, ticket);
  if (typeof c === 'number') throw new Error(`upgrade refused: ${c}`);
  await c.waitFor((m) => m.type === 'prospect_text');
  for (const text of lines) await sayTyped(c, text);
  const hungUpAt = performance.now();
  c.send({ type: 'hangup' });
  await c.closed;
  return { client: c, hungUpAt };
}

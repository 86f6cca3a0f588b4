import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A chat-completions request as the fake received it. */
interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: ChatRequestBody | undefined;
  /** Status the fake answered with (0 while a hanging request is open). */
  status: number;
}

export interface ChatRequestBody {
  model: string;
  messages: { role: string; content: string }[];
  response_format: {
    type: 'json_schema';
    json_schema: { name: string; strict?: boolean; schema: Record<string, unknown> };
  };
  [key: string]: unknown;
}

interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

/** What the fake answers to one valid request. */
type FakeReply =
  /** Success: `data` is serialised as the message content. */
  | { data: unknown; usage?: Partial<FakeUsage>; model?: string }
  /** Success with this exact content (e.g. invalid JSON). */
  | { rawContent: string; usage?: Partial<FakeUsage>; finishReason?: 'stop' | 'length' | 'content_filter' }
  | { refusal: string }
  /** An OpenAI-style error answer (500, 429, 401…). */
  | { status: number; message?: string }
  /** Never answer (until close), to exercise the client's timeout. */
  | { hang: true };

type FakeResponder = FakeReply | ((body: ChatRequestBody) => FakeReply);

export interface FakeOpenAI {
  /** e.g. http://127.0.0.1:41234/v1 — pass as OPENAI_BASE_URL. */
  baseURL: string;
  /** Every request received, valid or not, in order. */
  requests: ReceivedRequest[];
  /** Queue replies, answered in order, one per valid request. */
  enqueue(...replies: FakeResponder[]): void;
  /** The reply when the queue is empty (default: a 500 that says nothing was queued). */
  setDefault(reply: FakeResponder | null): void;
  /** The next `n` valid requests fail with `status` (default 500). */
  failNext(n: number, status?: number): void;
  /** Clears the queue and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

function openAiError(
  res: ServerResponse,
  status: number,
  message: string,
  extra: { param?: string | null; code?: string | null; type?: string } = {},
  headers: Record<string, string> = {},
) {
  const body = {
    error: {
      message,
      type: extra.type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
      param: extra.param ?? null,
      code: extra.code ?? null,
    },
  };
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** Why the body is not a valid structured-output chat request, or null. */
function shapeProblem(body: unknown): { message: string; param: string } | null {
  if (!body || typeof body !== 'object') return { message: 'The body must be a JSON object.', param: '' };
  const b = body as Record<string, unknown>;
  if (typeof b.model !== 'string' || !b.model)
    return { message: "Missing required parameter: 'model'.", param: 'model' };
  if (!Array.isArray(b.messages) || b.messages.length === 0)
    return { message: "Missing required parameter: 'messages'.", param: 'messages' };
  for (const [i, m] of b.messages.entries()) {
    const msg = m as Record<string, unknown>;
    if (!msg || !['system', 'developer', 'user', 'assistant', 'tool'].includes(String(msg.role)))
      return { message: `Invalid value for 'messages[${i}].role'.`, param: `messages[${i}].role` };
    if (typeof msg.content !== 'string')
      return {
        message: `Invalid type for 'messages[${i}].content': expected a string.`,
        param: `messages[${i}].content`,
      };
  }
  const rf = b.response_format as Record<string, unknown> | undefined;
  if (!rf || rf.type !== 'json_schema')
    return { message: "Expected 'response_format.type' to be 'json_schema'.", param: 'response_format.type' };
  const js = rf.json_schema as Record<string, unknown> | undefined;
  if (!js || typeof js.name !== 'string' || !js.schema || typeof js.schema !== 'object') {
    return {
      message: "Missing required parameter: 'response_format.json_schema.schema'.",
      param: 'response_format.json_schema',
    };
  }
  return null;
}

const estimateTokens = (s: string) => Math.max(1, Math.ceil(s.length / 4));

/**
 * A loopback OpenAI-compatible server implementing POST /v1/chat/completions with structured
 * outputs. It checks the request shape (400 with an OpenAI-style error when wrong), answers with
 * the queued replies, and records everything it receives.
 */
export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: ReceivedRequest[] = [];
  const queue: FakeResponder[] = [];
  let fallback: FakeResponder | null = null;
  let counter = 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        body = undefined;
      }
      const record: ReceivedRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: body as ChatRequestBody | undefined,
        status: 0,
      };
      requests.push(record);
      res.on('finish', () => (record.status = res.statusCode));

      if (req.method !== 'POST' || (req.url ?? '').split('?')[0] !== '/v1/chat/completions') {
        return openAiError(res, 404, `Unknown request URL: ${req.method} ${req.url}`, { code: 'unknown_url' });
      }
      if (!/^Bearer \S+/.test(String(req.headers.authorization ?? ''))) {
        return openAiError(res, 401, 'You did not provide an API key.', { code: 'invalid_api_key' });
      }
      if (raw && body === undefined) return openAiError(res, 400, 'We could not parse the JSON body of your request.');
      const problem = shapeProblem(body);
      if (problem) return openAiError(res, 400, problem.message, { param: problem.param });

      const chat = body as ChatRequestBody;
      const next = queue.length > 0 ? queue.shift()! : fallback;
      if (!next) return openAiError(res, 500, 'fake-openai: no reply queued', {}, { 'x-should-retry': 'false' });
      const reply = typeof next === 'function' ? next(chat) : next;

      if ('hang' in reply) return; // the client's timeout (or close()) ends it
      if ('status' in reply) {
        // retry-after-ms keeps the SDK's retry fast in tests
        return openAiError(
          res,
          reply.status,
          reply.message ?? `fake-openai: failing with ${reply.status}`,
          { type: reply.status === 429 ? 'rate_limit_exceeded' : undefined },
          { 'retry-after-ms': '5' },
        );
      }
      let content: string | null = null;
      let refusal: string | null = null;
      let finish: string = 'stop';
      if ('refusal' in reply) refusal = reply.refusal;
      else if ('rawContent' in reply) {
        content = reply.rawContent;
        finish = reply.finishReason ?? 'stop';
      } else content = JSON.stringify(reply.data);
      const promptTokens = estimateTokens(chat.messages.map((m) => m.content).join('\n'));
      const completionTokens = estimateTokens(content ?? refusal ?? '');
      const given = 'usage' in reply ? reply.usage : undefined;
      const usage: FakeUsage = {
        prompt_tokens: given?.prompt_tokens ?? promptTokens,
        completion_tokens: given?.completion_tokens ?? completionTokens,
        total_tokens:
          given?.total_tokens ??
          (given?.prompt_tokens ?? promptTokens) + (given?.completion_tokens ?? completionTokens),
      };
      counter += 1;
      res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': `req_fake_${counter}` });
      res.end(
        JSON.stringify({
          id: `chatcmpl-fake-${counter}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: ('model' in reply && reply.model) || chat.model,
          choices: [
            { index: 0, message: { role: 'assistant', content, refusal }, finish_reason: finish, logprobs: null },
          ],
          usage,
        }),
      );
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    setDefault: (reply) => void (fallback = reply),
    failNext: (n, status = 500) => {
      for (let i = 0; i < n; i++) queue.unshift({ status });
    },
    reset: () => {
      queue.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections(); // hanging requests included
        server.close(() => resolve());
      }),
  };
}

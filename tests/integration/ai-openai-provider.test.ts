import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AiError } from '../../server/ai/errors';
import { type GenerateStructuredInput, type TextProvider } from '../../server/ai/provider';

import { createTextProvider } from '../../server/ai/create-provider';
import { loadEnv } from '../../server/env';
import { startFakeOpenAI, type FakeOpenAI } from '../helpers/fake-openai';

const answerSchema = z.object({ verdict: z.string(), score: z.number().int().min(0).max(2) });

let fake: FakeOpenAI;

function provider(overrides: Record<string, string> = {}): TextProvider {
  const env = loadEnv({
    NODE_ENV: 'test',
    OPENAI_API_KEY: 'sk-test-key',
    OPENAI_BASE_URL: fake.baseURL,
    OPENAI_MODEL_SCENARIO: 'scenario-model-x',
    OPENAI_MODEL_EVALUATION: 'evaluation-model-y',
    ...overrides,
  });
  const p = createTextProvider(env);
  if (!p) throw new Error('expected a provider');
  return p;
}

async function aiFailure(p: Promise<unknown>): Promise<AiError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(e instanceof AiError)) throw new Error(`expected an AiError, got ${String(e)}`);
  return e;
}

const ask = (
  p: TextProvider,
  extra: Partial<Omit<GenerateStructuredInput<z.infer<typeof answerSchema>>, 'schema'>> = {},
) =>
  p.generateStructured({
    task: 'evaluation',
    system: 'You grade calls.',
    user: 'Grade this call.',
    schema: answerSchema,
    schemaName: 'grade',
    ...extra,
  });

beforeAll(async () => {
  fake = await startFakeOpenAI();
});
afterAll(() => fake?.close());
beforeEach(() => {
  fake.reset();
  fake.setDefault(null);
});

describe('createTextProvider', () => {
  it('is null without an API key (offline)', () => {
    expect(createTextProvider(loadEnv({ NODE_ENV: 'test' }))).toBeNull();
    expect(createTextProvider(loadEnv({ NODE_ENV: 'test', OPENAI_API_KEY: '' }))).toBeNull();
  });
});

describe('OpenAI provider against the fake server', () => {
  it('sends the model of the task, the messages and a JSON-schema response format', async () => {
    fake.enqueue({ data: { verdict: 'good', score: 2 } }, { data: { verdict: 'ok', score: 1 } });
    const p = provider();
    await ask(p);
    await ask(p, { task: 'scenario_variables', system: undefined, user: 'Only a user message' });

    expect(fake.requests).toHaveLength(2);
    const [first, second] = fake.requests;
    expect(first.method).toBe('POST');
    expect(first.path).toBe('/v1/chat/completions');
    expect(first.headers.authorization).toBe('Bearer sk-test-key');
    expect(first.body?.model).toBe('evaluation-model-y');
    expect(first.body?.messages).toEqual([
      { role: 'system', content: 'You grade calls.' },
      { role: 'user', content: 'Grade this call.' },
    ]);
    const rf = first.body?.response_format;
    expect(rf?.type).toBe('json_schema');
    expect(rf?.json_schema.name).toBe('grade');
    expect(rf?.json_schema.strict).toBe(true);
    expect(rf?.json_schema.schema).toMatchObject({
      type: 'object',
      required: ['verdict', 'score'],
      additionalProperties: false,
    });
    expect(second.body?.model).toBe('scenario-model-x');
    expect(second.body?.messages).toEqual([{ role: 'user', content: 'Only a user message' }]);
  });

  it('returns the validated data with usage, provider, model and duration', async () => {
    fake.enqueue({
      data: { verdict: 'good', score: 2 },
      usage: { prompt_tokens: 120, completion_tokens: 30, total_tokens: 150 },
    });
    const r = await ask(provider());
    expect(r).toMatchObject({
      data: { verdict: 'good', score: 2 },
      provider: 'openai',
      model: 'evaluation-model-y',
      usage: { inputTokens: 120, outputTokens: 30, totalTokens: 150 },
    });
    expect(r.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries once after a 500 and succeeds', async () => {
    fake.failNext(1, 500);
    fake.enqueue({ data: { verdict: 'good', score: 2 } });
    const r = await ask(provider());
    expect(r.data.score).toBe(2);
    expect(fake.requests.map((q) => q.status)).toEqual([500, 200]);
  });

  it('retries once after a 429 and succeeds', async () => {
    fake.failNext(1, 429);
    fake.enqueue({ data: { verdict: 'good', score: 1 } });
    expect((await ask(provider())).data.score).toBe(1);
    expect(fake.requests.map((q) => q.status)).toEqual([429, 200]);
  });

  it('gives up after the one retry: two failures are an UPSTREAM AiError', async () => {
    fake.failNext(2, 500);
    fake.enqueue({ data: { verdict: 'never reached', score: 0 } });
    const e = await aiFailure(ask(provider()));
    expect(e.aiCode).toBe('UPSTREAM');
    expect(e.upstreamStatus).toBe(500);
    expect(e.task).toBe('evaluation');
    expect(e.model).toBe('evaluation-model-y');
    expect(e.code).toBe('UNAVAILABLE');
    expect(e.details).toMatchObject({ aiCode: 'UPSTREAM' });
    expect(fake.requests.map((q) => q.status)).toEqual([500, 500]);
  });

  it('does not retry a client error such as 401', async () => {
    fake.enqueue({ status: 401, message: 'Incorrect API key provided' });
    const e = await aiFailure(ask(provider()));
    expect(e.aiCode).toBe('UPSTREAM');
    expect(e.upstreamStatus).toBe(401);
    expect(e.message).toContain('Incorrect API key provided');
    expect(fake.requests).toHaveLength(1);
  });

  it('times out after OPENAI_TIMEOUT_MS (once retried) with TIMEOUT', async () => {
    fake.setDefault({ hang: true });
    const started = Date.now();
    const e = await aiFailure(ask(provider({ OPENAI_TIMEOUT_MS: '1000' })));
    expect(e.aiCode).toBe('TIMEOUT');
    expect(fake.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
  });

  it('reports a cancelled request as ABORTED', async () => {
    fake.setDefault({ hang: true });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const e = await aiFailure(ask(provider(), { signal: controller.signal }));
    expect(e.aiCode).toBe('ABORTED');
  });

  it('answers that are not JSON are INVALID_OUTPUT, without a retry', async () => {
    fake.enqueue({ rawContent: '{"verdict": "good", "score": ' });
    const e = await aiFailure(ask(provider()));
    expect(e.aiCode).toBe('INVALID_OUTPUT');
    expect(e.message).toMatch(/valid JSON/);
    expect(fake.requests).toHaveLength(1);
  });

  it('JSON the schema refuses is INVALID_OUTPUT naming the field', async () => {
    fake.enqueue({ data: { verdict: 'good', score: 7 } });
    const e = await aiFailure(ask(provider()));
    expect(e.aiCode).toBe('INVALID_OUTPUT');
    expect(e.message).toContain('score');
  });

  it('a truncated answer is INVALID_OUTPUT', async () => {
    fake.enqueue({ rawContent: '{"verdict": "go', finishReason: 'length' });
    expect((await aiFailure(ask(provider()))).aiCode).toBe('INVALID_OUTPUT');
  });

  it('a refusal is REFUSED', async () => {
    fake.enqueue({ refusal: 'I cannot help with that.' });
    const e = await aiFailure(ask(provider()));
    expect(e.aiCode).toBe('REFUSED');
    expect(e.message).toContain('I cannot help with that.');
  });
});

describe('the fake server checks the request shape', () => {
  const post = (body: unknown, headers: Record<string, string> = { authorization: 'Bearer k' }) =>
    fetch(`${fake.baseURL}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const valid = {
    model: 'm',
    messages: [{ role: 'user', content: 'hi' }],
    response_format: { type: 'json_schema', json_schema: { name: 'x', schema: { type: 'object' } } },
  };

  it('refuses a request without a bearer token', async () => {
    const res = await post(valid, {});
    expect(res.status).toBe(401);
    expect((await res.json()).error.code).toBe('invalid_api_key');
  });

  it.each([
    ['no model', { ...valid, model: '' }, 'model'],
    ['no messages', { ...valid, messages: [] }, 'messages'],
    ['a bad role', { ...valid, messages: [{ role: 'robot', content: 'x' }] }, 'messages[0].role'],
    ['no json_schema', { ...valid, response_format: { type: 'json_object' } }, 'response_format.type'],
    [
      'no schema object',
      { ...valid, response_format: { type: 'json_schema', json_schema: { name: 'x' } } },
      'response_format.json_schema',
    ],
  ])('answers 400 for %s', async (_label, body, param) => {
    fake.enqueue({ data: {} });
    const res = await post(body);
    expect(res.status).toBe(400);
    const err = (await res.json()).error;
    expect(err.type).toBe('invalid_request_error');
    expect(err.param).toBe(param);
  });
});

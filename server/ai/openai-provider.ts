import OpenAI, { APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AiUsage } from '../../db/schema';
import { repairJson } from '../contracts/text';
import { AiError } from './errors';
import type { GenerateStructuredInput, StructuredResult, TextProvider, TextTask } from './provider';

export interface OpenAiProviderOptions {
  apiKey: string;
  /** Any OpenAI-compatible server (a tenant's local model); the public API when absent. */
  baseURL?: string;
  timeoutMs: number;
  models: { scenario: string; evaluation: string };
}

const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/**
 * Text tasks over Chat Completions with a JSON-schema response format: every OpenAI-compatible
 * server speaks it, unlike the Responses API. The SDK retries once on transient failures
 * (connection errors, timeouts, 408/409/429/5xx); the answer is validated here with zod.
 */
export class OpenAiTextProvider implements TextProvider {
  readonly name = 'openai' as const;
  private readonly client: OpenAI;
  private readonly models: OpenAiProviderOptions['models'];

  constructor(opts: OpenAiProviderOptions) {
    this.models = opts.models;
    this.client = new OpenAI({
      apiKey: opts.apiKey,
      // explicit, so the SDK never falls back to a stray process.env.OPENAI_BASE_URL
      baseURL: opts.baseURL ?? DEFAULT_BASE_URL,
      timeout: opts.timeoutMs,
      maxRetries: 1,
    });
  }

  modelFor(task: TextTask): string {
    return task === 'evaluation' ? this.models.evaluation : this.models.scenario;
  }

  async generateStructured<T>(input: GenerateStructuredInput<T>): Promise<StructuredResult<T>> {
    const model = this.modelFor(input.task);
    const messages: ChatCompletionMessageParam[] = [];
    if (input.system && input.system.trim()) messages.push({ role: 'system', content: input.system });
    messages.push({ role: 'user', content: input.user });
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const fail = (code: AiError['aiCode'], message: string, extra: { status?: number; cause?: unknown } = {}) =>
      new AiError(code, message, { task: input.task, model, durationMs: elapsed(), ...extra });

    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await this.client.chat.completions.create(
        { model, messages, response_format: zodResponseFormat(input.schema, input.schemaName) },
        { signal: input.signal },
      );
    } catch (e) {
      throw translateError(e, fail);
    }

    const choice = completion.choices?.[0];
    const message = choice?.message;
    if (!choice || !message) throw fail('INVALID_OUTPUT', 'The model returned no choices');
    if (message.refusal) throw fail('REFUSED', `The model refused: ${message.refusal}`);
    if (choice.finish_reason === 'content_filter')
      throw fail('REFUSED', 'The answer was stopped by the content filter');
    if (choice.finish_reason === 'length') throw fail('INVALID_OUTPUT', 'The answer was cut off (token limit reached)');
    const content = typeof message.content === 'string' ? message.content : '';

    let json: unknown;
    try {
      // a model may answer "\u0000" or half a surrogate pair: repaired, so the answer can be stored
      json = repairJson(JSON.parse(content));
    } catch {
      throw fail('INVALID_OUTPUT', `The model did not return valid JSON: ${preview(content)}`);
    }
    const parsed = input.schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
      throw fail(
        'INVALID_OUTPUT',
        `The model's answer does not match the ${input.schemaName} schema: ${issues.join('; ')}`,
        { cause: parsed.error },
      );
    }
    return {
      data: parsed.data,
      provider: 'openai',
      model: completion.model || model,
      usage: usageOf(completion.usage),
      durationMs: elapsed(),
    };
  }
}

function usageOf(u: OpenAI.Completions.CompletionUsage | undefined | null): AiUsage | null {
  if (!u) return null;
  const inputTokens = u.prompt_tokens ?? 0;
  const outputTokens = u.completion_tokens ?? 0;
  return { inputTokens, outputTokens, totalTokens: u.total_tokens ?? inputTokens + outputTokens };
}

function preview(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 120 ? `${one.slice(0, 120)}…` : one || '(empty)';
}

function translateError(
  e: unknown,
  fail: (code: AiError['aiCode'], message: string, extra?: { status?: number; cause?: unknown }) => AiError,
): AiError {
  if (e instanceof AiError) return e;
  // the timeout error is a connection error, and the abort error an APIError: check them first
  if (e instanceof APIConnectionTimeoutError) return fail('TIMEOUT', 'The model did not answer in time', { cause: e });
  if (e instanceof APIUserAbortError) return fail('ABORTED', 'The request was cancelled', { cause: e });
  if (e instanceof APIError) {
    const detail = e.status ? `${e.status} ${e.message}` : e.message;
    return fail('UPSTREAM', `The model server failed: ${detail}`, { status: e.status, cause: e });
  }
  return fail('UPSTREAM', `The model call failed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
}

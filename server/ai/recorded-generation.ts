import type { AiTask, AiUsage } from '../../db/schema';
import { AiError } from './errors';
import type { GenerationRecord } from './generation-record';
import type { GenerateStructuredInput, StructuredResult, TextProvider } from './provider';

type Prompt = GenerationRecord['prompt'];

/**
 * One structured generation, recorded: its answer and the record of it. A failure is thrown as
 * AiError carrying `before` and the failed step's record (`errorText`: how its error is stored),
 * so the caller can store what was attempted.
 */
export async function recordedGeneration<T>(
  provider: TextProvider,
  o: Omit<GenerateStructuredInput<T>, 'system' | 'user'> & {
    /** The assembled prompt, sent and stored as it is. */
    prompt: Prompt;
    before?: GenerationRecord[];
    errorText: (e: AiError) => string;
  },
): Promise<{ result: StructuredResult<T>; record: GenerationRecord }> {
  try {
    const { prompt, before: _before, errorText: _errorText, ...rest } = o;
    const result = await provider.generateStructured({ ...rest, system: prompt.system, user: prompt.user });
    return { result, record: answeredRecord(o.task, prompt, result) };
  } catch (e) {
    if (e instanceof AiError)
      throw e.withRecords([
        ...(o.before ?? []),
        failedRecord(e, { task: o.task, prompt: o.prompt, errorText: o.errorText }),
      ]);
    throw e;
  }
}

/** What a structured generation that answered is stored as. */
export const answeredRecord = (task: AiTask, prompt: Prompt, r: StructuredResult<unknown>): GenerationRecord => ({
  task,
  provider: 'openai',
  model: r.model,
  prompt,
  output: r.data,
  usage: r.usage,
  status: 'succeeded',
  error: null,
  durationMs: r.durationMs,
});

/** What a structured generation that failed is stored as. */
export const failedRecord = (
  e: AiError,
  { task, prompt, errorText }: { task: AiTask; prompt: Prompt; errorText: (e: AiError) => string },
): GenerationRecord => ({
  task,
  provider: 'openai',
  model: e.model,
  prompt,
  output: null,
  usage: null,
  status: 'failed',
  error: errorText(e),
  durationMs: e.durationMs,
});

/** The token usage of two requests together (null when neither reported any). */
export function addUsage(a: AiUsage | null, b: AiUsage | null): AiUsage | null {
  if (!a) return b;
  if (!b) return a;
  return {
    inputTokens: a.inputTokens + b.inputTokens,
    outputTokens: a.outputTokens + b.outputTokens,
    totalTokens: a.totalTokens + b.totalTokens,
  };
}

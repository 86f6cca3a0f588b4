import type { AiTask } from '../../db/schema';
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
  o: {
    input: GenerateStructuredInput<T>;
    prompt: Prompt;
    before?: GenerationRecord[];
    errorText: (e: AiError) => string;
  },
): Promise<{ result: StructuredResult<T>; record: GenerationRecord }> {
  try {
    const result = await provider.generateStructured(o.input);
    return { result, record: answeredRecord(o.input.task, o.prompt, result) };
  } catch (e) {
    if (e instanceof AiError)
      throw e.withRecords([
        ...(o.before ?? []),
        failedRecord(e, { task: o.input.task, prompt: o.prompt, errorText: o.errorText }),
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

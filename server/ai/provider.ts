import type { ZodType } from 'zod';
import type { AiTask, AiUsage } from '../../db/schema';

export type TextTask = AiTask;

export interface GenerateStructuredInput<T> {
  task: TextTask;
  /** Sent as the system message when non-empty. */
  system?: string | null;
  user: string;
  /** The answer must parse as JSON and satisfy this schema; it is also sent as the JSON schema. */
  schema: ZodType<T>;
  /** Model-visible name of the schema ([a-zA-Z0-9_-], e.g. "scenario_variables"). */
  schemaName: string;
  signal?: AbortSignal;
}

export interface StructuredResult<T> {
  data: T;
  provider: 'openai';
  model: string;
  /** Token usage as the server reported it; null when an OpenAI-compatible server omits it. */
  usage: AiUsage | null;
  durationMs: number;
}

/** A text model that answers with structured output. Failures are thrown as AiError. */
export interface TextProvider {
  readonly name: 'openai';
  /** The model a task runs on (from env: OPENAI_MODEL_SCENARIO / OPENAI_MODEL_EVALUATION). */
  modelFor(task: TextTask): string;
  generateStructured<T>(input: GenerateStructuredInput<T>): Promise<StructuredResult<T>>;
}

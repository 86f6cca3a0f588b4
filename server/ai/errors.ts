import { AppError } from '../errors';
import type { AiTask } from '../../db/schema';
import type { GenerationRecord } from './generation-record';

/**
 * Why a text generation failed. INVALID_OUTPUT: not JSON, or JSON the schema refuses (also a
 * truncated answer); REFUSED: the model declined (refusal or content filter); TIMEOUT: no answer
 * within OPENAI_TIMEOUT_MS (after the one retry); ABORTED: the caller cancelled; UPSTREAM:
 * anything else the server or the network answered (auth, 4xx, 5xx after the retry, DNS…).
 */
export type AiErrorCode = 'INVALID_OUTPUT' | 'REFUSED' | 'TIMEOUT' | 'ABORTED' | 'UPSTREAM';

export interface AiErrorInfo {
  task: AiTask;
  model: string;
  durationMs: number;
  /** HTTP status the upstream answered with, when there was one. */
  status?: number;
  /** What was attempted up to the failure (scenario generation fills it), to store in ai_generations. */
  records?: GenerationRecord[];
  cause?: unknown;
}

/**
 * A failed model call. It is an AppError (UNAVAILABLE → 503, `errors.UNAVAILABLE`) so it maps
 * cleanly if it escapes a procedure; `aiCode` (also in `details`) says which failure it was, so
 * the UI can show "Error Generating Scenario" with try again / proceed manually.
 */
export class AiError extends AppError {
  readonly aiCode: AiErrorCode;
  readonly task: AiTask;
  readonly model: string;
  readonly durationMs: number;
  readonly upstreamStatus?: number;
  readonly records: GenerationRecord[];

  constructor(aiCode: AiErrorCode, message: string, info: AiErrorInfo) {
    super('UNAVAILABLE', message, { aiCode, task: info.task });
    this.name = 'AiError';
    this.aiCode = aiCode;
    this.task = info.task;
    this.model = info.model;
    this.durationMs = info.durationMs;
    this.upstreamStatus = info.status;
    this.records = info.records ?? [];
    if (info.cause !== undefined) (this as { cause?: unknown }).cause = info.cause;
  }

  /** The same failure with the attempted steps attached. */
  withRecords(records: GenerationRecord[]): AiError {
    return new AiError(this.aiCode, this.message, {
      task: this.task,
      model: this.model,
      durationMs: this.durationMs,
      status: this.upstreamStatus,
      records,
      cause: this.cause,
    });
  }
}

export function isAiError(e: unknown): e is AiError {
  return e instanceof AiError;
}

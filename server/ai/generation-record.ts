import type { AiTask, AiUsage } from '../../db/schema';

/** One generation step as it is stored in ai_generations: what was sent, what came back. */
export interface GenerationRecord {
  task: AiTask;
  provider: 'openai' | 'offline';
  model: string;
  /** The assembled prompt exactly as sent (for the offline generator: a description of its inputs). */
  prompt: { system: string | null; user: string };
  output: unknown;
  usage: AiUsage | null;
  status: 'succeeded' | 'failed';
  error: string | null;
  durationMs: number;
}

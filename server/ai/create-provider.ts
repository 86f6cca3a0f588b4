import type { Env } from '../env';
import { OpenAiTextProvider } from './openai-provider';
import type { TextProvider } from './provider';

// The factory stands apart from the provider's interface (./provider.ts): the OpenAI provider
// implements that interface, and the factory picks it.
export type TextProviderEnv = Pick<
  Env,
  'OPENAI_API_KEY' | 'OPENAI_BASE_URL' | 'OPENAI_MODEL_SCENARIO' | 'OPENAI_MODEL_EVALUATION' | 'OPENAI_TIMEOUT_MS'
>;

/** The OpenAI(-compatible) provider when OPENAI_API_KEY is set; null means offline. */
export function createTextProvider(env: TextProviderEnv): TextProvider | null {
  if (!env.OPENAI_API_KEY) return null;
  return new OpenAiTextProvider({
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    timeoutMs: env.OPENAI_TIMEOUT_MS,
    models: { scenario: env.OPENAI_MODEL_SCENARIO, evaluation: env.OPENAI_MODEL_EVALUATION },
  });
}

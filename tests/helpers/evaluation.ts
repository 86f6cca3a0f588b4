import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Db } from '../../db/client';
import { jobs } from '../../db/schema';
import { asSystem } from '../../db/tenant';
import { type TextProvider } from '../../server/ai/provider';
import { createTextProvider } from '../../server/ai/create-provider';
import { ensureSystemPrompts } from '../../server/services/prompts/system-prompts';
import { closeAll } from './lifecycle';
import { createTestDatabase, type TestDatabase } from './db';
import { startFakeOpenAI, type FakeOpenAI } from './fake-openai';

export interface EvaluationSuite {
  database: TestDatabase;
  db: Db;
  fake: FakeOpenAI;
  /** The model path, talking to `fake` (evaluation model "gpt-eval-test"). */
  provider: TextProvider;
}

/**
 * Hooks for a file that evaluates calls through the jobs: a database with the system prompts, the
 * OpenAI fake and a provider on it (closed after the file); before each test the fake is reset and
 * the queue emptied. The returned object is filled in beforeAll.
 */
export function evaluationSuite(): EvaluationSuite {
  const suite = {} as EvaluationSuite;
  beforeAll(async () => {
    suite.database = await createTestDatabase();
    suite.db = suite.database.db;
    await ensureSystemPrompts(suite.db);
    suite.fake = await startFakeOpenAI();
    suite.provider = createTextProvider({
      OPENAI_API_KEY: 'sk-test',
      OPENAI_BASE_URL: suite.fake.baseURL,
      OPENAI_MODEL_SCENARIO: 'gpt-scenario-test',
      OPENAI_MODEL_EVALUATION: 'gpt-eval-test',
      OPENAI_TIMEOUT_MS: 5000,
    })!;
  });
  afterAll(() => closeAll(suite.fake, suite.database));
  beforeEach(async () => {
    suite.fake.reset();
    suite.fake.setDefault(null);
    // each test starts with an empty queue
    await asSystem(suite.db, { action: 'test' }, (tx) => tx.delete(jobs));
  });
  return suite;
}

import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { jobs, prompts, supportRequests } from '../../db/schema';

/** A prompt: the tenant's own, or a system prompt when `tenantId` is null/absent. */
export async function createPrompt(
  db: Executor,
  f: Partial<typeof prompts.$inferInsert> & Pick<typeof prompts.$inferInsert, 'kind'>,
) {
  return insertRow(db, prompts, { name: 'Prompt', ...f });
}

/** A queued job row as the queue stores it (server/jobs/queue.ts enqueues the same shape). */
export async function createJob(
  db: Executor,
  f: Partial<typeof jobs.$inferInsert> & Pick<typeof jobs.$inferInsert, 'queue'>,
) {
  return insertRow(db, jobs, { payload: {}, ...f });
}

export async function createSupportRequest(
  db: Executor,
  f: Partial<typeof supportRequests.$inferInsert> & { tenantId: string },
) {
  return insertRow(db, supportRequests, { subject: 'Help', description: 'Please', ...f });
}

import type { Executor } from '../../db/client';
import { jobs, prompts, supportRequests } from '../../db/schema';

/** A prompt: the tenant's own, or a system prompt when `tenantId` is null/absent. */
export async function createPrompt(
  db: Executor,
  f: Partial<typeof prompts.$inferInsert> & Pick<typeof prompts.$inferInsert, 'kind'>,
) {
  const [row] = await db
    .insert(prompts)
    .values({ name: 'Prompt', ...f })
    .returning();
  return row;
}

/** A queued job row as the queue stores it (server/jobs/queue.ts enqueues the same shape). */
export async function createJob(
  db: Executor,
  f: Partial<typeof jobs.$inferInsert> & Pick<typeof jobs.$inferInsert, 'queue'>,
) {
  const [row] = await db
    .insert(jobs)
    .values({ payload: {}, ...f })
    .returning();
  return row;
}

export async function createSupportRequest(
  db: Executor,
  f: Partial<typeof supportRequests.$inferInsert> & { tenantId: string },
) {
  const [row] = await db
    .insert(supportRequests)
    .values({ subject: 'Help', description: 'Please', ...f })
    .returning();
  return row;
}

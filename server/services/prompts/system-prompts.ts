import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { prompts } from '../../../db/schema';
import { asSystem } from '../../../db/tenant';
import { SYSTEM_PROMPTS } from '../../ai/system-prompt-texts';

/**
 * Inserts the system prompts that ship with the product when their key is missing. An existing
 * row is never touched, so a superuser's edits survive restarts and upgrades. One select, plus
 * one insert only when something is missing; safe when two processes start at once.
 */
export async function ensureSystemPrompts(db: Db): Promise<{ inserted: number }> {
  const keys = SYSTEM_PROMPTS.map((p) => p.systemKey);
  return asSystem(db, { action: 'prompts.ensure_system' }, async (tx) => {
    const present = await tx.select({ key: prompts.systemKey }).from(prompts).where(inArray(prompts.systemKey, keys));
    const have = new Set(present.map((r) => r.key));
    const missing = SYSTEM_PROMPTS.filter((p) => !have.has(p.systemKey));
    if (!missing.length) return { inserted: 0 };
    const rows = await tx
      .insert(prompts)
      .values(missing.map((p) => ({ ...p, tenantId: null })))
      .onConflictDoNothing({ target: prompts.systemKey })
      .returning({ id: prompts.id });
    return { inserted: rows.length };
  });
}

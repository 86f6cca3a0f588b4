import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { callRecordings, callTurns, calls, reports } from '../../db/schema';

export type CallFields = Partial<typeof calls.$inferInsert> & { tenantId: string; turns?: TurnFields[] };

/** A call row (offline, ten minutes, not started unless `state` says otherwise) with its transcript `turns`. */
export async function createCall(db: Executor, { turns = [], ...f }: CallFields) {
  const row = await insertRow(db, calls, { provider: 'offline', language: 'en', timeLimitSeconds: 600, ...f });
  await createCallTurns(db, { tenantId: row.tenantId, callId: row.id, turns });
  return row;
}

export type TurnFields = Partial<Omit<typeof callTurns.$inferInsert, 'tenantId' | 'callId'>> &
  Pick<typeof callTurns.$inferInsert, 'speaker' | 'text'>;

/** Transcript turns of a call in the order given: `seq` is the position, `itemId` item_<seq>, three seconds a turn unless timed. */
export async function createCallTurns(db: Executor, f: { tenantId: string; callId: string; turns: TurnFields[] }) {
  if (!f.turns.length) return [];
  return db
    .insert(callTurns)
    .values(
      f.turns.map((t, seq) => ({
        seq,
        itemId: `item_${t.seq ?? seq}`,
        startMs: seq * 3000,
        endMs: seq * 3000 + 2000,
        ...t,
        tenantId: f.tenantId,
        callId: f.callId,
      })),
    )
    .returning();
}

export async function createCallRecording(
  db: Executor,
  f: Partial<typeof callRecordings.$inferInsert> & { tenantId: string; callId: string },
) {
  const content = f.content ?? Buffer.from([1, 2, 3]);
  return insertRow(db, callRecordings, { mimeType: 'audio/webm', sizeBytes: content.length, ...f, content });
}

export type ReportFields = Partial<typeof reports.$inferInsert> & { tenantId: string; callId: string };

/** The evaluation report of a call (pending unless `status` says otherwise). */
export async function createReport(db: Executor, f: ReportFields) {
  const [row] = await db.insert(reports).values(f).returning();
  return row;
}

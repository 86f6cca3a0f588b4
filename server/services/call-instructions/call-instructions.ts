import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { callInstructions } from '../../../db/schema';
import { AppError } from '../../errors';
import type { CallInstructionFields } from '../../contracts/call-instructions';

const columns = { id: callInstructions.id, instructions: callInstructions.instructions, updatedAt: callInstructions.updatedAt };
const present = <T extends { updatedAt: Date }>(row: T) => ({ ...row, updatedAt: row.updatedAt.toISOString() });
const notFound = () => new AppError('NOT_FOUND', 'Call instructions not found');

// RLS already limits every query to the tenant; the explicit tenant filter keeps a system handle safe too.
export async function listCallInstructions(db: Executor, tenantId: string) {
  const rows = await db.select(columns).from(callInstructions).where(eq(callInstructions.tenantId, tenantId)).orderBy(asc(callInstructions.createdAt), asc(callInstructions.id));
  return rows.map(present);
}

export async function getCallInstruction(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(callInstructions)
    .where(and(eq(callInstructions.tenantId, tenantId), eq(callInstructions.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function createCallInstruction(db: Executor, tenantId: string, f: CallInstructionFields) {
  const [row] = await db.insert(callInstructions).values({ tenantId, instructions: f.instructions }).returning(columns);
  return present(row);
}

export async function updateCallInstruction(db: Executor, tenantId: string, id: string, f: CallInstructionFields) {
  const [row] = await db
    .update(callInstructions)
    .set({ instructions: f.instructions, updatedAt: new Date() })
    .where(and(eq(callInstructions.tenantId, tenantId), eq(callInstructions.id, id)))
    .returning(columns);
  if (!row) throw notFound();
  return present(row);
}

/** Nothing references call instructions yet (simulations come later), so they are simply removed. */
export async function deleteCallInstruction(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .delete(callInstructions)
    .where(and(eq(callInstructions.tenantId, tenantId), eq(callInstructions.id, id)))
    .returning({ id: callInstructions.id });
  if (!row) throw notFound();
  return row;
}

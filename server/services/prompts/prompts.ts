import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { prompts, simulations } from '../../../db/schema';
import { type PromptKind } from '../../contracts/enums';
import { AppError } from '../../errors';
import {
  PROMPT_KIND_FIELDS,
  PROMPT_TEXT_FIELDS,
  type PromptFieldsInput,
  type PromptOutput,
  type PromptTextField,
} from '../../contracts/prompts';

const SYSTEM_PROMPT_DELETE_MESSAGE = 'This is a system prompt and cannot be deleted.';
const SYSTEM_PROMPT_EDIT_MESSAGE = 'System prompts cannot be edited. Duplicate it to make your own version.';

const columns = {
  id: prompts.id,
  tenantId: prompts.tenantId,
  kind: prompts.kind,
  name: prompts.name,
  systemKey: prompts.systemKey,
  generalRules: prompts.generalRules,
  detailedInstructions: prompts.detailedInstructions,
  startPrompt: prompts.startPrompt,
  endPrompt: prompts.endPrompt,
  systemPrompt: prompts.systemPrompt,
  userPrompt: prompts.userPrompt,
  instructions: prompts.instructions,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
};

type Row = Pick<typeof prompts.$inferSelect, keyof typeof columns>;

function toOutput(r: Row): PromptOutput {
  const { tenantId, createdAt, updatedAt, ...rest } = r;
  // the owning tenant id is never sent: `isSystem` is all a client needs
  return {
    ...rest,
    isSystem: tenantId === null,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** The kind's text fields from the input, the other kinds' fields emptied; blank optional text is stored as null. */
function textValues(input: PromptFieldsInput): Record<PromptTextField, string | null> {
  const own = new Set<PromptTextField>(PROMPT_KIND_FIELDS[input.kind]);
  return Object.fromEntries(PROMPT_TEXT_FIELDS.map((f) => [f, own.has(f) ? input[f] || null : null])) as Record<
    PromptTextField,
    string | null
  >;
}

/** Visible prompts: the tenant's own and the system prompts (row-level security enforces the same). */
const visibleTo = (tenantId: string) => or(eq(prompts.tenantId, tenantId), isNull(prompts.tenantId));

export async function listPrompts(tx: Executor, tenantId: string, kind?: PromptKind): Promise<PromptOutput[]> {
  const rows = await tx
    .select(columns)
    .from(prompts)
    .where(and(visibleTo(tenantId), kind ? eq(prompts.kind, kind) : undefined))
    // system prompts first, then by name
    .orderBy(sql`${prompts.tenantId} is not null`, asc(sql`lower(${prompts.name})`), asc(prompts.createdAt));
  return rows.map(toOutput);
}

async function findVisible(tx: Executor, tenantId: string, id: string): Promise<Row> {
  const [row] = await tx
    .select(columns)
    .from(prompts)
    .where(and(eq(prompts.id, id), visibleTo(tenantId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'Prompt not found');
  return row;
}

export async function getPrompt(tx: Executor, tenantId: string, id: string): Promise<PromptOutput> {
  return toOutput(await findVisible(tx, tenantId, id));
}

export async function createPrompt(tx: Executor, tenantId: string, input: PromptFieldsInput): Promise<PromptOutput> {
  const [row] = await tx
    .insert(prompts)
    .values({ tenantId, kind: input.kind, name: input.name, ...textValues(input) })
    .returning(columns);
  return toOutput(row);
}

function assertSameKind(row: Row, input: PromptFieldsInput) {
  if (row.kind !== input.kind)
    throw new AppError('VALIDATION', 'The kind of a prompt cannot change', { field: 'kind' });
}

export async function updatePrompt(
  tx: Executor,
  tenantId: string,
  input: PromptFieldsInput & { id: string },
): Promise<PromptOutput> {
  const row = await findVisible(tx, tenantId, input.id);
  if (row.tenantId === null)
    throw new AppError('SYSTEM_PROMPT_READONLY', SYSTEM_PROMPT_EDIT_MESSAGE, { reason: 'edit' });
  assertSameKind(row, input);
  const [saved] = await tx
    .update(prompts)
    .set({ name: input.name, ...textValues(input), updatedAt: new Date() })
    .where(and(eq(prompts.id, input.id), eq(prompts.tenantId, tenantId)))
    .returning(columns);
  return toOutput(saved);
}

/** A system or tenant prompt copied into the tenant as an editable prompt named "<name> (copy)". */
export async function duplicatePrompt(tx: Executor, tenantId: string, id: string): Promise<PromptOutput> {
  const src = await findVisible(tx, tenantId, id);
  const [row] = await tx
    .insert(prompts)
    .values({
      tenantId,
      kind: src.kind,
      name: `${src.name} (copy)`,
      ...Object.fromEntries(PROMPT_TEXT_FIELDS.map((f) => [f, src[f]])),
    })
    .returning(columns);
  return toOutput(row);
}

export async function deletePrompt(tx: Executor, tenantId: string, id: string): Promise<void> {
  const row = await findVisible(tx, tenantId, id);
  if (row.tenantId === null)
    throw new AppError('SYSTEM_PROMPT_READONLY', SYSTEM_PROMPT_DELETE_MESSAGE, { reason: 'delete' });
  // a simulation that runs on this prompt would silently lose it (the reference is set null)
  const [{ n }] = await tx
    .select({ n: count() })
    .from(simulations)
    .where(
      and(
        eq(simulations.tenantId, tenantId),
        or(eq(simulations.simulationPromptId, id), eq(simulations.reportPromptId, id)),
      ),
    );
  if (n > 0) throw new AppError('IN_USE', 'This prompt is used by simulations', { simulations: n });
  await tx.delete(prompts).where(and(eq(prompts.id, id), eq(prompts.tenantId, tenantId)));
}

/** Superuser edit of a system prompt's texts (through the audited system path); the kind and key stay. */
export async function updateSystemPrompt(
  tx: Executor,
  input: PromptFieldsInput & { id: string },
): Promise<PromptOutput> {
  const [row] = await tx
    .select(columns)
    .from(prompts)
    .where(and(eq(prompts.id, input.id), isNull(prompts.tenantId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'System prompt not found');
  assertSameKind(row, input);
  const [saved] = await tx
    .update(prompts)
    .set({ name: input.name, ...textValues(input), updatedAt: new Date() })
    .where(and(eq(prompts.id, input.id), isNull(prompts.tenantId)))
    .returning(columns);
  return toOutput(saved);
}

export async function listSystemPrompts(tx: Executor): Promise<PromptOutput[]> {
  const rows = await tx
    .select(columns)
    .from(prompts)
    .where(isNull(prompts.tenantId))
    .orderBy(asc(prompts.kind), asc(sql`lower(${prompts.name})`));
  return rows.map(toOutput);
}

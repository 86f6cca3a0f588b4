import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { personas, type DifficultyNotes } from '../../../db/schema';
import { DIFFICULTIES } from '../../contracts/enums';
import { AppError } from '../../errors';
import { deleteTenantRow } from '../named-records/delete-row';
import type { PersonaFields } from '../../contracts/personas';

const columns = {
  id: personas.id,
  name: personas.name,
  shortDescription: personas.shortDescription,
  longDescription: personas.longDescription,
  voice: personas.voice,
  language: personas.language,
  behaviourNotes: personas.behaviourNotes,
  updatedAt: personas.updatedAt,
};

function present<T extends { behaviourNotes: DifficultyNotes | null; updatedAt: Date }>(row: T) {
  return { ...row, behaviourNotes: cleanNotes(row.behaviourNotes ?? {}), updatedAt: row.updatedAt.toISOString() };
}

/** Keeps only the known difficulties with a non-blank note. */
function cleanNotes(notes: DifficultyNotes): DifficultyNotes {
  const out: DifficultyNotes = {};
  for (const d of DIFFICULTIES) {
    const text = notes[d]?.trim();
    if (text) out[d] = text;
  }
  return out;
}

function values(f: PersonaFields) {
  return {
    name: f.name,
    shortDescription: f.shortDescription,
    longDescription: f.longDescription,
    voice: f.voice,
    language: f.language,
    behaviourNotes: cleanNotes(f.behaviourNotes),
  };
}

const notFound = () => new AppError('NOT_FOUND', 'Persona not found');

// RLS already limits every query to the tenant; the explicit tenant filter keeps a system handle safe too.
export async function listPersonas(db: Executor, tenantId: string) {
  const rows = await db
    .select(columns)
    .from(personas)
    .where(eq(personas.tenantId, tenantId))
    .orderBy(asc(personas.name), asc(personas.createdAt));
  return rows.map(present);
}

export async function getPersona(db: Executor, tenantId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(personas)
    .where(and(eq(personas.tenantId, tenantId), eq(personas.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return present(row);
}

export async function createPersona(db: Executor, tenantId: string, fields: PersonaFields) {
  const [row] = await db
    .insert(personas)
    .values({ tenantId, ...values(fields) })
    .returning(columns);
  return present(row);
}

export async function updatePersona({
  db,
  tenantId,
  id,
  fields,
}: {
  db: Executor;
  tenantId: string;
  id: string;
  fields: PersonaFields;
}) {
  const [row] = await db
    .update(personas)
    .set({ ...values(fields), updatedAt: new Date() })
    .where(and(eq(personas.tenantId, tenantId), eq(personas.id, id)))
    .returning(columns);
  if (!row) throw notFound();
  return present(row);
}

/** Nothing references a persona yet (simulations come later), so it is simply removed. */
export async function deletePersona(db: Executor, tenantId: string, id: string) {
  return deleteTenantRow({ db, table: personas, tenantId, id, notFound });
}

import type { z } from 'zod';
import { appRouter } from '../../server/trpc/router';

/** One tRPC procedure of the app router, as the fuzz and the access test see it. */
export interface ProcedureInfo {
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  /** Every `.input()` of the procedure, in order (tRPC parses the same raw input with each). */
  inputs: z.ZodType[];
}

interface ProcedureDef {
  _def: { type: ProcedureInfo['type']; inputs: z.ZodType[] };
}

/** Every procedure of the app router, found from the router itself: a new one is listed without edits. */
export function listProcedures(): ProcedureInfo[] {
  const procedures = (appRouter as unknown as { _def: { procedures: Record<string, ProcedureDef> } })._def.procedures;
  return Object.entries(procedures)
    .map(([path, p]) => ({ path, type: p._def.type, inputs: p._def.inputs ?? [] }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** True when the raw input passes every `.input()` of the procedure, as tRPC would check it. */
export function inputAccepted(p: ProcedureInfo, raw: unknown): boolean {
  return p.inputs.every((s) => s.safeParse(raw).success);
}

/** Calls `path` ('users.bulkImport.start') on a tRPC caller. */
export function callProcedure(caller: unknown, p: ProcedureInfo, input: unknown): Promise<unknown> {
  let fn: unknown = caller;
  for (const part of p.path.split('.')) fn = (fn as Record<string, unknown>)[part];
  return (fn as (i: unknown) => Promise<unknown>)(input);
}

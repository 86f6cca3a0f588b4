import { z } from 'zod';

/** A record of the tenant's configuration (persona, ICP, product grouping, call instructions), by id. */
export const configRecordId = z.object({ id: z.uuid('config.idInvalid') });

/** A configuration record's form fields and the id of the record they replace. */
export const configRecordUpdate = <Shape extends z.ZodRawShape>(fields: z.ZodObject<Shape>) =>
  fields.extend(configRecordId.shape);

/** When a record was created and last changed (db/schema/columns.ts `stamps`), as ISO date-times. */
export const stampsOutput = { createdAt: z.string(), updatedAt: z.string() };

/** A configuration record as read back: its id, its own fields, and when it last changed. */
export const configRecordOutput = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.object({ id: z.string(), ...shape, updatedAt: z.string() });

/** What deleting a record answers: the id it had. */
export const deletedOutput = z.object({ id: z.string() });

/** The answer of an action that has nothing else to say. */
export const okOutput = z.object({ ok: z.literal(true) });

/** A whole list, not paged: its rows. */
export const listOf = <Row extends z.ZodType>(row: Row) => z.object({ rows: z.array(row) });

/** One page of a list: its rows, how many there are in all, and which page of what size this is. */
export const pageOf = <Row extends z.ZodType>(row: Row) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

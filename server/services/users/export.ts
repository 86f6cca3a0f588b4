import { asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { toCsv } from '../../contracts/csv';
import { USERS_CSV_COLUMNS } from '../../contracts/user-fields';
import { USER_TYPE_LABELS } from '../../contracts/user-types';

const manager = alias(users, 'manager');

/**
 * Every user of the tenant (RLS) as CSV in the import's columns, passwords left empty, so the
 * file can be edited and imported elsewhere. Cells are escaped against formula injection (an
 * import strips that escape again).
 */
export async function exportUsersCsv(tx: Executor): Promise<{ csv: string; count: number }> {
  const rows = await tx
    .select({
      email: users.email,
      displayName: users.displayName,
      userType: users.userType,
      username: users.username,
      managerEmail: manager.email,
    })
    .from(users)
    .leftJoin(manager, eq(manager.id, users.managerId))
    .orderBy(asc(users.email));
  const csv = toCsv([
    [...USERS_CSV_COLUMNS],
    ...rows.map((r) => [r.email, r.displayName, USER_TYPE_LABELS[r.userType], r.username, '', r.managerEmail]),
  ]);
  return { csv, count: rows.length };
}

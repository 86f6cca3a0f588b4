import { hasUnstorableText } from '../../contracts/text';
import { inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../../db/client';
import { users } from '../../../db/schema';
import { type UserType } from '../../contracts/enums';
import { checkPassword, type PasswordRule } from '../../contracts/password-policy';
import type { PasswordPolicy } from '../../contracts/password-policy';
import { AppError } from '../../errors';
import { unescapeFormula } from '../../contracts/csv';
import { CsvSyntaxError, parseCsv } from './csv-read';
import {
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  MAX_IMPORT_ROWS,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  USERS_CSV_COLUMNS,
  defaultUsername,
  type UsersCsvColumn,
} from '../../contracts/user-fields';
import {
  DEFAULT_IMPORT_USER_TYPE,
  MANAGED_USER_TYPES,
  USER_TYPE_LABELS,
  isManagerType,
  parseUserType,
  type ManagedUserType,
} from '../../contracts/user-types';

/** One data row as read from the file. `row` is the spreadsheet row number: the header is row 1. */
export interface RawUserRow {
  row: number;
  email: string;
  displayName: string;
  userType: string;
  username: string;
  password: string;
  managerEmail: string;
  /** More cells than the header has columns. */
  extraCells: boolean;
}

type RowErrorCode =
  | 'tooManyCells'
  | 'emailRequired'
  | 'emailInvalid'
  | 'emailDuplicateInFile'
  | 'emailExists'
  | 'usernameInvalid'
  | 'usernameDuplicateInFile'
  | 'usernameExists'
  | 'displayNameTooLong'
  | 'textUnstorable'
  | 'userTypeUnknown'
  | 'passwordPolicy'
  | 'managerNotFound'
  | 'managerNotManager'
  | 'managerSelf';

export interface RowError {
  row: number;
  field: UsersCsvColumn;
  code: RowErrorCode;
  /** English explanation (CLI, logs); the UI translates `code` with `params`. */
  reason: string;
  params?: Record<string, string | number>;
}

/** A row that passed validation, normalised. */
export interface ValidUserRow {
  row: number;
  /** Lower-cased, trimmed. */
  email: string;
  username: string;
  displayName: string | null;
  userType: ManagedUserType;
  /** null: generate one. */
  password: string | null;
  /** Existing manager in the tenant. */
  managerId: string | null;
  /** Manager defined by another row of the same file (its lower-cased email). */
  managerInFile: string | null;
}

const emailSchema = z.email();
const isEmail = (v: string) => v.length <= EMAIL_MAX && emailSchema.safeParse(v).success;

const RULE_TEXT: Record<PasswordRule, string> = {
  minLength: 'minimum length',
  maxLength: 'maximum length',
  lowercase: 'a lower-case letter',
  uppercase: 'an upper-case letter',
  numeric: 'a number',
  nonAlphanumeric: 'a special character',
  disallowedCharacter: 'only allowed special characters',
};

function header(records: string[][]): Map<UsersCsvColumn, number> {
  const cols = new Map<UsersCsvColumn, number>();
  records[0].forEach((raw, i) => {
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
    if (name === '' && i === records[0].length - 1 && i > 0) return; // trailing comma
    if (!(USERS_CSV_COLUMNS as readonly string[]).includes(name)) {
      throw new AppError('CSV_INVALID', `Unknown column "${raw}"`, { reason: 'unknownColumn', column: raw });
    }
    if (cols.has(name as UsersCsvColumn))
      throw new AppError('CSV_INVALID', `Column "${name}" appears twice`, { reason: 'duplicateColumn', column: name });
    cols.set(name as UsersCsvColumn, i);
  });
  if (!cols.has('email'))
    throw new AppError('CSV_INVALID', 'The header row must have an "email" column', { reason: 'missingEmailColumn' });
  return cols;
}

/**
 * Reads the bulk-add CSV (RFC 4180, BOM and CRLF tolerated). The first record is the header
 * (columns of USERS_CSV_COLUMNS in any order; only `email` is required). Blank rows are skipped
 * but still counted, so row numbers match what a spreadsheet shows. File-level problems (syntax,
 * header, no rows, too many rows) throw CSV_INVALID; row problems are left to validateRows.
 */
export function parseUsersCsv(text: string): RawUserRow[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (e) {
    if (e instanceof CsvSyntaxError)
      throw new AppError('CSV_INVALID', `${e.message} (row ${e.record})`, { reason: 'syntax', row: e.record });
    throw e;
  }
  if (records.length === 0 || records[0].every((c) => c.trim() === '')) {
    throw new AppError('CSV_INVALID', 'The file is empty: the first row must be the header', { reason: 'empty' });
  }
  const cols = header(records);
  const width = Math.max(...cols.values()) + 1;
  const cell = (rec: string[], col: UsersCsvColumn) => {
    const i = cols.get(col);
    return i === undefined ? '' : unescapeFormula((rec[i] ?? '').trim());
  };
  const rows: RawUserRow[] = [];
  records.slice(1).forEach((rec, i) => {
    if (rec.every((c) => c.trim() === '')) return;
    rows.push({
      row: i + 2,
      email: cell(rec, 'email'),
      displayName: cell(rec, 'display_name'),
      userType: cell(rec, 'user_type'),
      username: cell(rec, 'username'),
      // a password is taken as typed: leading/trailing spaces may be intended
      password: cols.has('password') ? (rec[cols.get('password')!] ?? '') : '',
      managerEmail: cell(rec, 'manager_email'),
      extraCells: rec.slice(width).some((c) => c.trim() !== ''),
    });
  });
  if (rows.length === 0) throw new AppError('CSV_INVALID', 'The file has no user rows', { reason: 'noRows' });
  if (rows.length > MAX_IMPORT_ROWS) {
    throw new AppError('CSV_INVALID', `At most ${MAX_IMPORT_ROWS} rows per import (the file has ${rows.length})`, {
      reason: 'tooManyRows',
      max: MAX_IMPORT_ROWS,
      count: rows.length,
    });
  }
  return rows;
}

export interface LocalCheck {
  /** Every row, normalised; `bad` holds the row numbers that already failed. */
  rows: ValidUserRow[];
  errors: RowError[];
  bad: Set<number>;
}

/** The checks that need no database: formats, types, policy, duplicates inside the file. */
export function checkRowsLocally(raw: RawUserRow[], policy: PasswordPolicy): LocalCheck {
  const errors: RowError[] = [];
  const err = (row: number, field: UsersCsvColumn, code: RowErrorCode, reason: string, params?: RowError['params']) =>
    errors.push({ row, field, code, reason, ...(params ? { params } : {}) });
  const firstEmailRow = new Map<string, number>();
  const firstUsernameRow = new Map<string, number>();
  const typeByEmail = new Map<string, UserType>();
  const rows: ValidUserRow[] = [];
  const bad = new Set<number>();

  for (const r of raw) {
    const before = errors.length;
    if (r.extraCells) err(r.row, 'email', 'tooManyCells', 'The row has more cells than the header has columns');
    const email = r.email.toLowerCase();
    if (!email) err(r.row, 'email', 'emailRequired', 'Email is required');
    else if (!isEmail(email))
      err(r.row, 'email', 'emailInvalid', `"${r.email}" is not a valid email address`, { value: r.email });
    else if (firstEmailRow.has(email)) {
      err(r.row, 'email', 'emailDuplicateInFile', `${email} also appears in row ${firstEmailRow.get(email)}`, {
        value: email,
        other: firstEmailRow.get(email)!,
      });
    } else firstEmailRow.set(email, r.row);

    const username = r.username || (isEmail(email) ? defaultUsername(email) : '');
    const emailDuplicate = errors.length > before && errors[errors.length - 1].code === 'emailDuplicateInFile';
    // a repeated row would also repeat its username: report the email only
    if (email && isEmail(email) && !emailDuplicate) {
      if (username.length < USERNAME_MIN || username.length > USERNAME_MAX || !USERNAME_PATTERN.test(username)) {
        err(
          r.row,
          'username',
          'usernameInvalid',
          `Username "${username}" must be ${USERNAME_MIN}–${USERNAME_MAX} letters, digits, ".", "_" or "-"`,
          {
            value: username,
            min: USERNAME_MIN,
            max: USERNAME_MAX,
          },
        );
      } else {
        const key = username.toLowerCase();
        const other = firstUsernameRow.get(key);
        if (other !== undefined)
          err(r.row, 'username', 'usernameDuplicateInFile', `Username ${username} also appears in row ${other}`, {
            value: username,
            other,
          });
        else firstUsernameRow.set(key, r.row);
      }
    }

    // a cell PostgreSQL could not store (NUL, a lone surrogate) refuses the row, naming the cell
    for (const field of ['display_name', 'password'] as const) {
      const value = field === 'display_name' ? r.displayName : r.password;
      if (value && hasUnstorableText(value))
        err(
          r.row,
          field,
          'textUnstorable',
          'The cell holds a character that cannot be saved (for example a null character)',
        );
    }
    if (r.displayName.length > DISPLAY_NAME_MAX) {
      err(r.row, 'display_name', 'displayNameTooLong', `Display name is longer than ${DISPLAY_NAME_MAX} characters`, {
        max: DISPLAY_NAME_MAX,
      });
    }
    const userType = r.userType ? parseUserType(r.userType) : DEFAULT_IMPORT_USER_TYPE;
    if (!userType) {
      const allowed = MANAGED_USER_TYPES.map((t) => USER_TYPE_LABELS[t]).join(', ');
      err(r.row, 'user_type', 'userTypeUnknown', `Unknown user type "${r.userType}" (use one of: ${allowed})`, {
        value: r.userType,
        allowed,
      });
    } else if (email && !typeByEmail.has(email)) typeByEmail.set(email, userType); // the first row with an email defines it

    if (r.password !== '') {
      const broken = checkPassword(r.password, policy);
      if (broken.length) {
        err(
          r.row,
          'password',
          'passwordPolicy',
          `Password does not meet the policy: needs ${broken.map((b) => RULE_TEXT[b]).join(', ')}`,
          {
            rules: broken.join(','),
            min: policy.minLength,
            ...(policy.maxLength !== undefined ? { max: policy.maxLength } : {}),
            ...(policy.allowedNonAlphanumericCharacters !== undefined
              ? { chars: policy.allowedNonAlphanumericCharacters }
              : {}),
          },
        );
      }
    }

    const managerEmail = r.managerEmail.toLowerCase();
    if (managerEmail && managerEmail === email)
      err(r.row, 'manager_email', 'managerSelf', 'A user cannot be their own manager');
    else if (managerEmail && !isEmail(managerEmail)) {
      err(r.row, 'manager_email', 'managerNotFound', `Manager ${r.managerEmail} not found`, { value: r.managerEmail });
    }

    if (errors.length > before) bad.add(r.row);
    rows.push({
      row: r.row,
      email,
      username,
      displayName: r.displayName || null,
      userType: userType ?? DEFAULT_IMPORT_USER_TYPE,
      password: r.password === '' ? null : r.password,
      managerId: null,
      managerInFile: managerEmail && managerEmail !== email && isEmail(managerEmail) ? managerEmail : null,
    });
  }

  // managers defined by another row: that row must be a manager or admin type
  for (const r of rows) {
    if (!r.managerInFile || !firstEmailRow.has(r.managerInFile)) continue;
    const t = typeByEmail.get(r.managerInFile);
    if (t && !isManagerType(t)) {
      errors.push({
        row: r.row,
        field: 'manager_email',
        code: 'managerNotManager',
        reason: `${r.managerInFile} (row ${firstEmailRow.get(r.managerInFile)}) is a ${USER_TYPE_LABELS[t]}, not a manager or admin`,
        params: { value: r.managerInFile, type: t },
      });
      bad.add(r.row);
    }
  }
  return { rows, errors: sortErrors(errors), bad };
}

const FIELD_ORDER = new Map(USERS_CSV_COLUMNS.map((c, i) => [c, i]));
function sortErrors(errors: RowError[]): RowError[] {
  return [...errors].sort((a, b) => a.row - b.row || FIELD_ORDER.get(a.field)! - FIELD_ORDER.get(b.field)!);
}

export interface Validation {
  /** Every data row, normalised (valid only when `errors` is empty). */
  rows: ValidUserRow[];
  errors: RowError[];
  total: number;
}

/** Which of `values` (lowercase) a user already has in `column`, compared without case. */
async function alreadyTaken(
  tx: Executor,
  column: typeof users.email | typeof users.username,
  values: string[],
): Promise<string[]> {
  if (!values.length) return [];
  const found = await tx
    .select({ v: sql<string>`lower(${column})` })
    .from(users)
    .where(inArray(sql`lower(${column})`, values));
  return found.map((f) => f.v);
}

/**
 * Every check of the import. `tx` is the tenant's transaction (RLS): usernames and managers are
 * looked up in the tenant. Emails are unique across all tenants, which RLS hides: pass
 * `takenEmails` (from findTakenEmails under asSystem) so those are reported too; the unique index
 * catches anything that slips through at insert time.
 */
export async function validateRows({
  tx,
  raw,
  policy,
  opts = {},
}: {
  tx: Executor;
  raw: RawUserRow[];
  policy: PasswordPolicy;
  opts?: { takenEmails?: ReadonlySet<string> };
}): Promise<Validation> {
  const local = checkRowsLocally(raw, policy);
  const errors = [...local.errors];
  const rows = local.rows;
  // database checks run on every row with a usable value, so one pass reports all the problems
  const emails = [...new Set(rows.map((r) => r.email).filter((e) => isEmail(e)))];
  const usernames = [...new Set(rows.map((r) => r.username.toLowerCase()).filter(Boolean))];
  const inFile = new Set(raw.map((r) => r.email.toLowerCase()));
  const managerEmails = [
    ...new Set(rows.map((r) => r.managerInFile).filter((m): m is string => !!m && !inFile.has(m))),
  ];

  const taken = new Set([...(opts.takenEmails ?? []), ...(await alreadyTaken(tx, users.email, emails))]);
  const takenUsernames = new Set(await alreadyTaken(tx, users.username, usernames));
  const managers = new Map<string, { id: string; userType: UserType }>();
  if (managerEmails.length) {
    const found = await tx
      .select({ id: users.id, e: sql<string>`lower(${users.email})`, userType: users.userType })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, managerEmails));
    for (const f of found) managers.set(f.e, { id: f.id, userType: f.userType });
  }

  const out: ValidUserRow[] = [];
  for (const r of rows) {
    const before = errors.length;
    if (r.email && taken.has(r.email))
      errors.push({
        row: r.row,
        field: 'email',
        code: 'emailExists',
        reason: `A user with the email ${r.email} already exists`,
        params: { value: r.email },
      });
    if (r.username && takenUsernames.has(r.username.toLowerCase())) {
      errors.push({
        row: r.row,
        field: 'username',
        code: 'usernameExists',
        reason: `The username ${r.username} is already taken`,
        params: { value: r.username },
      });
    }
    let managerId: string | null = null;
    let managerInFile = r.managerInFile;
    if (r.managerInFile && !inFile.has(r.managerInFile)) {
      const m = managers.get(r.managerInFile);
      if (!m)
        errors.push({
          row: r.row,
          field: 'manager_email',
          code: 'managerNotFound',
          reason: `Manager ${r.managerInFile} not found`,
          params: { value: r.managerInFile },
        });
      else if (!isManagerType(m.userType)) {
        errors.push({
          row: r.row,
          field: 'manager_email',
          code: 'managerNotManager',
          reason: `${r.managerInFile} is a ${USER_TYPE_LABELS[m.userType]}, not a manager or admin`,
          params: { value: r.managerInFile, type: m.userType },
        });
      } else managerId = m.id;
      managerInFile = null;
    }
    if (errors.length === before && !local.bad.has(r.row)) out.push({ ...r, managerId, managerInFile });
  }
  return { rows: errors.length ? [] : out, errors: sortErrors(errors), total: raw.length };
}

/** Emails (lower-cased) among `emails` used by any tenant. Run it under asSystem: it must see past RLS, and returns nothing else. */
export async function findTakenEmails(tx: Executor, emails: string[]): Promise<Set<string>> {
  if (!emails.length) return new Set();
  const found = await tx
    .select({ e: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Set(found.map((f) => f.e));
}

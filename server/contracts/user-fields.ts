/** Field rules shared by the user form (zod schema), the CSV import and the CLI. Pure. */
export const EMAIL_MAX = 320;
export const USERNAME_MIN = 2;
export const USERNAME_MAX = 60;
export const USERNAME_PATTERN = /^[\p{L}\p{N}._-]+$/u;
export const DISPLAY_NAME_MAX = 120;
export const PASSWORD_MAX = 1024;

/** At most this many data rows per CSV import (UI and CLI). */
export const MAX_IMPORT_ROWS = 5000;
/** The CSV text accepted by the API; the request body limit is 1 MiB (server/http/respond.ts). */
export const MAX_IMPORT_CHARS = 1_000_000;

/** Columns of the bulk-add CSV, in template order. */
export const USERS_CSV_COLUMNS = [
  'email',
  'display_name',
  'user_type',
  'username',
  'password',
  'manager_email',
] as const;
export type UsersCsvColumn = (typeof USERS_CSV_COLUMNS)[number];

/** Columns of the "Download credentials" CSV. */
/** The admin's one-time download after an import: a password link for each account the file gave no password. */
export const CREDENTIALS_CSV_COLUMNS = [
  'email',
  'username',
  'display_name',
  'user_type',
  'password_link',
  'password_link_expires_at',
] as const;

/**
 * The username a CSV row gets when its cell is empty: the part of the email before the @, with
 * characters a username may not hold replaced by "_".
 */
export function defaultUsername(email: string): string {
  const local = email.split('@')[0] ?? '';
  const cleaned = [...local].map((c) => (USERNAME_PATTERN.test(c) ? c : '_')).join('');
  return cleaned.slice(0, USERNAME_MAX);
}

/** Header + two example rows; the second has no username (defaults to "john.smith") and a manager defined in the same file. */
export const USERS_CSV_TEMPLATE_ROWS: string[][] = [
  [...USERS_CSV_COLUMNS],
  ['jane.doe@example.com', 'Jane Doe', 'Manager', 'jane.doe', '', ''],
  ['john.smith@example.com', 'John Smith', 'Sales Rep', '', '', 'jane.doe@example.com'],
];

import { describe, expect, it } from 'vitest';
import { escapeFormula, toCsv, unescapeFormula } from '../../server/contracts/csv';
import { parseCsv } from '../../server/services/users/csv-read';
import { defaultUsername, USERS_CSV_TEMPLATE_ROWS } from '../../server/contracts/user-fields';
import { checkRowsLocally, parseUsersCsv } from '../../server/services/users/import-rows';
import { parseUserType } from '../../server/contracts/user-types';
import { AppError } from '../../server/errors';
import { passwordPolicySchema } from '../../server/contracts/password-policy';

const policy = passwordPolicySchema.parse({
  schemaVersion: 1,
  minLength: 8,
  requireUppercase: true,
  requireNumeric: true,
});
const HEADER = 'email,display_name,user_type,username,password,manager_email';

function csvError(fn: () => unknown): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected CSV_INVALID');
}

describe('parseCsv (RFC 4180)', () => {
  it('reads quoted fields with commas, escaped quotes and line breaks', () => {
    expect(parseCsv('a,"b, c","say ""hi""","multi\r\nline"\r\nx,y,z,w')).toEqual([
      ['a', 'b, c', 'say "hi"', 'multi\r\nline'],
      ['x', 'y', 'z', 'w'],
    ]);
  });

  it('accepts CRLF, LF and CR line ends, drops a BOM and a final line break', () => {
    expect(parseCsv('\uFEFFa,b\r\nc,d\ne,f\rg,h\r\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h'],
    ]);
  });

  it('keeps empty fields and blank lines as records', () => {
    expect(parseCsv('a,,c\n\n,\n')).toEqual([['a', '', 'c'], [''], ['', '']]);
    expect(parseCsv('"",x')).toEqual([['', 'x']]);
  });

  it('rejects an unterminated quote and text after a closing quote, naming the record', () => {
    expect(() => parseCsv('a\n"open,b')).toThrow(/not closed/);
    try {
      parseCsv('a\nb\n"x"y,z');
    } catch (e) {
      expect((e as { record: number }).record).toBe(3);
    }
    expect(() => parseCsv('a\nb\n"x"y,z')).toThrow(/after a closing quote/);
  });
});

describe('formula-injection escaping', () => {
  it('prefixes cells starting with = + - @ tab or CR with a single quote', () => {
    for (const v of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx']) expect(escapeFormula(v)).toBe(`'${v}`);
    for (const v of ['plain', 'a=b', '', "'quoted", ' =x']) expect(escapeFormula(v)).toBe(v);
  });

  it('toCsv escapes and quotes, and round-trips through parseCsv + unescapeFormula', () => {
    const rows = [
      ['email', 'password'],
      ['a@x.test', '=HYPERLINK("http://evil","click")'],
      ['b@x.test', 'has,comma'],
      ['c@x.test', '@SUM(1)'],
      ['d@x.test', null],
    ];
    const text = toCsv(rows);
    expect(text).toContain(`'=HYPERLINK(""http://evil"",""click"")`);
    expect(text.split('\r\n')[3]).toBe("c@x.test,'@SUM(1)");
    expect(text.endsWith('\r\n')).toBe(true);
    const back = parseCsv(text).map((r) => r.map(unescapeFormula));
    expect(back).toEqual(rows.map((r) => r.map((v) => v ?? '')));
    // nothing in the written file starts a cell with a formula trigger
    for (const rec of parseCsv(text)) for (const cell of rec) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });
});

describe('parseUsersCsv', () => {
  it('numbers rows as a spreadsheet does: header is row 1, blank rows still count', () => {
    const rows = parseUsersCsv(`${HEADER}\r\na@x.test,,,,,\r\n\r\n"b@x.test","B, the second",,,,\r\n`);
    expect(rows.map((r) => [r.row, r.email, r.displayName])).toEqual([
      [2, 'a@x.test', ''],
      [4, 'b@x.test', 'B, the second'],
    ]);
  });

  it('counts a quoted multi-line cell as one row', () => {
    const rows = parseUsersCsv(`${HEADER}\n"a@x.test","Line1\nLine2",,,,\nb@x.test,,,,,`);
    expect(rows.map((r) => r.row)).toEqual([2, 3]);
  });

  it('accepts columns in any order, only email required, header case-insensitive', () => {
    const rows = parseUsersCsv('Username,EMAIL\nann,ann@x.test');
    expect(rows[0]).toMatchObject({ row: 2, email: 'ann@x.test', username: 'ann', userType: '', password: '' });
  });

  it('rejects file-level problems with CSV_INVALID and a reason', () => {
    expect(csvError(() => parseUsersCsv('')).details).toMatchObject({ reason: 'empty' });
    expect(csvError(() => parseUsersCsv(HEADER + '\n')).details).toMatchObject({ reason: 'noRows' });
    expect(csvError(() => parseUsersCsv('name,username\nx,y')).details).toMatchObject({
      reason: 'unknownColumn',
      column: 'name',
    });
    expect(csvError(() => parseUsersCsv('username,password\nx,y')).details).toMatchObject({
      reason: 'missingEmailColumn',
    });
    expect(csvError(() => parseUsersCsv('email,email\nx,y')).details).toMatchObject({ reason: 'duplicateColumn' });
    expect(csvError(() => parseUsersCsv('email\n"a@x.test')).details).toMatchObject({ reason: 'syntax', row: 2 });
    const many = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `u${i}@x.test,,,,,`)].join('\n');
    expect(csvError(() => parseUsersCsv(many)).details).toMatchObject({
      reason: 'tooManyRows',
      max: 5000,
      count: 5001,
    });
  });

  it('strips the formula escape so an exported file imports unchanged', () => {
    expect(parseUsersCsv("email,display_name\na@x.test,'-Dash")[0].displayName).toBe('-Dash');
  });
});

describe('checkRowsLocally', () => {
  const check = (body: string) => checkRowsLocally(parseUsersCsv(`${HEADER}\n${body}`), policy);

  it('reports every problem with its row number, field and reason', () => {
    const { errors } = check(
      [
        'good@x.test,Good,Manager,good,,', // 2
        'not-an-email,,,,,', // 3
        'GOOD@x.test,,,,,', // 4 duplicate email (case-insensitive)
        'carl@x.test,,Wizard,,,', // 5 unknown type
        'dana@x.test,,,,short,', // 6 policy
        'erin@x.test,,,good,,', // 7 duplicate username
        'fred@x.test,,,,,fred@x.test', // 8 own manager
        'gina@x.test,,,,,carl@x.test', // 9 manager of unknown type row is fine locally (row 5 failed anyway)
        'hank@x.test,,,,,good@x.test', // 10 in-file manager: ok
        'iris@x.test,,,,,dana@x.test', // 11 in-file "manager" that is a Sales Rep
      ].join('\n'),
    );
    const summary = errors.map((e) => [e.row, e.field, e.code]);
    expect(summary).toEqual([
      [3, 'email', 'emailInvalid'],
      [4, 'email', 'emailDuplicateInFile'],
      [5, 'user_type', 'userTypeUnknown'],
      [6, 'password', 'passwordPolicy'],
      [7, 'username', 'usernameDuplicateInFile'],
      [8, 'manager_email', 'managerSelf'],
      [11, 'manager_email', 'managerNotManager'],
    ]);
    expect(errors.find((e) => e.row === 4)!.reason).toBe('good@x.test also appears in row 2');
    expect(errors.find((e) => e.row === 6)!.reason).toMatch(/minimum length, an upper-case letter, a number/);
    expect(errors.find((e) => e.row === 5)!.reason).toMatch(
      /Admin, Manager, Demo Manager, User, Facilitator, Sales Rep/,
    );
  });

  it('defaults: Sales Rep type, username from the email, generated password (null)', () => {
    const { rows, errors } = check('Jane.O+test@x.test,,,,,');
    expect(errors).toEqual([]);
    expect(rows[0]).toMatchObject({
      email: 'jane.o+test@x.test',
      username: 'jane.o_test',
      userType: 'sales_rep',
      password: null,
      displayName: null,
    });
  });

  it('accepts user type labels and codes in any case', () => {
    expect(
      ['Sales Rep', 'sales_rep', 'SALES REP', 'demo manager', 'Demo_Manager', 'facilitator', 'Admin'].map(
        parseUserType,
      ),
    ).toEqual(['sales_rep', 'sales_rep', 'sales_rep', 'demo_manager', 'demo_manager', 'facilitator', 'admin']);
    expect(parseUserType('superuser')).toBeNull();
  });

  it('flags cells beyond the header', () => {
    expect(check('ann@x.test,,,,,,extra').errors.map((e) => e.code)).toEqual(['tooManyCells']);
  });
});

describe('template', () => {
  it('has the header and two example rows that pass the local checks', () => {
    const text = toCsv(USERS_CSV_TEMPLATE_ROWS);
    expect(text.split('\r\n')[0]).toBe(HEADER);
    const rows = parseUsersCsv(text);
    expect(rows).toHaveLength(2);
    expect(checkRowsLocally(rows, policy).errors).toEqual([]);
    expect(defaultUsername('john.smith@example.com')).toBe('john.smith');
  });
});

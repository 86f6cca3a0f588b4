import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import * as prettier from 'prettier';
import { afterAll, describe, expect, it } from 'vitest';
import { findWideFunctions } from '../../scripts/lib/service-params';

/**
 * The structure gates of `npm run check` (scripts/check.sh) fail when they should: the formatter on
 * an unformatted file, knip on an unused export. Each runs as check.sh runs it, with our config,
 * on a small file or project this test writes.
 */

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const TMP = path.join(ROOT, 'tests/.tmp');
mkdirSync(TMP, { recursive: true });
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('the formatter gate', () => {
  it('takes our settings and refuses a file that is not formatted', async () => {
    const file = path.join(ROOT, 'server/example.ts');
    const options = await prettier.resolveConfig(file);
    expect(options).toMatchObject({ printWidth: 120, singleQuote: true });
    const formatted = "export const answer = { value: 42, label: 'the answer' };\n";
    expect(await prettier.check(formatted, { ...options, filepath: file })).toBe(true);
    expect(
      await prettier.check('export const answer = {value:42,label:"the answer"}\n', { ...options, filepath: file }),
    ).toBe(false);
  });

  it('fails the command check.sh runs on an unformatted file', async () => {
    // outside the tree: tests/.tmp is in .prettierignore
    const dir = mkdtempSync(path.join(tmpdir(), 'spar-format-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'bad.ts'), 'export const x = {a:1}\n');
    writeFileSync(path.join(dir, 'good.ts'), 'export const x = { a: 1 };\n');
    const prettierBin = path.join(ROOT, 'node_modules/prettier/bin/prettier.cjs');
    const config = ['--config', path.join(ROOT, '.prettierrc.json')];
    await expect(
      run(process.execPath, [prettierBin, ...config, '--check', path.join(dir, 'good.ts')], { cwd: ROOT }),
    ).resolves.toBeDefined();
    const failed = await run(process.execPath, [prettierBin, ...config, '--check', path.join(dir, 'bad.ts')], {
      cwd: ROOT,
    }).then(
      () => null,
      (e: { code: number; stderr: string; stdout: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(`${failed?.stdout}${failed?.stderr}`).toContain('bad.ts');
  });
});

describe('the unused-code gate', () => {
  it('knip fails on an export nothing imports', async () => {
    const dir = mkdtempSync(path.join(TMP, 'knip-'));
    dirs.push(dir);
    writeFileSync(
      path.join(dir, 'package.json'),
      JSON.stringify({ name: 'knip-fixture', private: true, type: 'module' }),
    );
    writeFileSync(path.join(dir, 'knip.json'), JSON.stringify({ entry: ['index.ts'], project: ['*.ts'] }));
    writeFileSync(path.join(dir, 'index.ts'), "import { used } from './lib';\nconsole.log(used);\n");
    writeFileSync(path.join(dir, 'lib.ts'), 'export const used = 1;\nexport const forgotten = 2;\n');
    const failed = await run(
      process.execPath,
      [path.join(ROOT, 'node_modules/knip/bin/knip.js'), '--directory', dir, '--no-progress', '--reporter', 'compact'],
      { cwd: ROOT },
    ).then(
      () => null,
      (e: { code: number; stdout: string }) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stdout).toContain('forgotten');
    expect(failed?.stdout).not.toContain('used,');
  }, 60_000);
});

describe('the service-parameters gate', () => {
  it('flags an exported function of four parameters and accepts one of three', () => {
    const dir = mkdtempSync(path.join(TMP, 'params-'));
    dirs.push(dir);
    const file = path.join(dir, 'service.ts');
    writeFileSync(
      file,
      [
        'export async function wide(tx: unknown, a: string, b: string, now = new Date()) { return [tx, a, b, now]; }',
        'export const wideArrow = (a: number, b: number, c: number, ...rest: number[]) => a + b + c + rest.length;',
        'export function narrow(tx: unknown, a: string, b: string) { return [tx, a, b]; }',
        'export const narrowArrow = ({ a, b, c, d }: Record<string, number>) => a + b + c + d;',
        'function local(a: number, b: number, c: number, d: number) { return a + b + c + d; }',
        'export const used = local;',
      ].join('\n'),
    );
    expect(findWideFunctions(file, readFileSync(file, 'utf8'))).toEqual([
      { name: 'wide', line: 1, params: 4 },
      { name: 'wideArrow', line: 2, params: 4 },
    ]);
  });
});

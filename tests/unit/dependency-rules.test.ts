import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cruise, type ICruiseOptions, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The import rules of .dependency-cruiser.cjs (run by scripts/check.sh) hold on the tree, and
// they do catch a new import cycle: two files that import each other, written for the test.

const root = path.resolve(__dirname, '../..');
const tmp = path.join(root, 'tests/.tmp', `depcruise-${process.pid}`);
let options: ICruiseOptions;
const tsConfig = () => ({ tsConfig: extractTSConfig(path.join(root, 'tsconfig.json')) });

async function run(paths: string[], opts: ICruiseOptions): Promise<ICruiseResult> {
  const result = await cruise(paths, opts, undefined, tsConfig());
  return result.output as ICruiseResult;
}

beforeAll(async () => {
  // the rules' paths are relative to the repository root, as the command line runs them
  process.chdir(root);
  options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  mkdirSync(tmp, { recursive: true });
});

afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('dependency rules', () => {
  it('report a new cycle as a no-circular violation', async () => {
    writeFileSync(path.join(tmp, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
    writeFileSync(path.join(tmp, 'b.ts'), "import type { a } from './a';\nexport const b = (f?: typeof a) => f;\n");
    // no cache here: the cache holds the tree's cruise for the next run of the check
    const out = await run([path.relative(root, tmp)], { ...options, cache: false });
    const circular = out.summary.violations.filter((v) => v.rule.name === 'no-circular');
    expect(circular.length).toBeGreaterThan(0);
    expect(circular.flatMap((v) => [v.from, v.to]).some((f) => f.endsWith('/a.ts') || f.endsWith('/b.ts'))).toBe(true);
    expect(out.summary.error).toBeGreaterThan(0);
  });

  it('hold on the tree: no cycle, no import against the layers', async () => {
    const out = await run(['server', 'client', 'db', 'scripts'], options);
    expect(out.summary.totalCruised).toBeGreaterThan(300);
    expect(out.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`)).toEqual([]);
  }, 30_000);
});

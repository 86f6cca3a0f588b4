/**
 * No comment or text cites a document outside this repository (run by `npm run check`): every
 * tracked file under server, client, db, scripts, tests and docs, and README.md, is searched for
 * section numbers (a section sign with a number) and issue or pull-request numbers; each hit is listed as file:line.
 * Exits 1 on any hit.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findOutsideReferences } from './lib/references';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCOPE = ['server', 'client', 'db', 'scripts', 'tests', 'docs', 'README.md'];
// The matcher and its test hold sample citations on purpose.
const SKIP = new Set(['scripts/lib/references.ts', 'tests/unit/references.test.ts']);

const files = execFileSync('git', ['ls-files', '-z', '--', ...SCOPE], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
})
  .split('\0')
  .filter((f) => f && !SKIP.has(f));
const hits: string[] = [];
let scanned = 0;
for (const file of files) {
  let buf: Buffer;
  try {
    buf = readFileSync(path.join(root, file));
  } catch {
    continue; // tracked but deleted in the work tree
  }
  if (buf.subarray(0, 8000).includes(0)) continue; // binary fixture
  scanned++;
  for (const hit of findOutsideReferences(buf.toString('utf8'))) hits.push(`${file}:${hit.line}: ${hit.text}`);
}

if (hits.length) {
  console.error(
    `references check failed: ${hits.length} line(s) cite a spec section or an issue number; state the rule or the reason itself:`,
  );
  for (const h of hits) console.error(`  - ${h}`);
  process.exit(1);
}
console.log(`references ok: ${scanned} file(s) scanned`);

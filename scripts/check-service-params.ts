/**
 * An exported function in server/services, server/evaluation or server/integrations with more than
 * three parameters takes one options object instead (run by `npm run check`): positional arguments
 * past three are easy to pass in the wrong order and unreadable at the call site. Every hit is
 * listed as file:line; exits 1 on any hit not in the allow-list below.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findWideFunctions } from './lib/service-params';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCOPE = ['server/services', 'server/evaluation', 'server/integrations'];

/** `file#function` → why it keeps its positional parameters. */
const ALLOWED: Record<string, string> = {};

const files = execFileSync('git', ['ls-files', '-z', '--', ...SCOPE], { cwd: root, encoding: 'utf8' })
  .split('\0')
  .filter((f) => /\.(ts|tsx|mts)$/.test(f) && !f.endsWith('.d.ts'));
const hits: string[] = [];
const allowed = new Set<string>();
for (const file of files) {
  let text: string;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // tracked but deleted in the work tree
  }
  for (const fn of findWideFunctions(file, text)) {
    const key = `${file}#${fn.name}`;
    if (key in ALLOWED) allowed.add(key);
    else hits.push(`${file}:${fn.line}: ${fn.name} (${fn.params} parameters)`);
  }
}
const stale = Object.keys(ALLOWED).filter((key) => !allowed.has(key));

if (hits.length || stale.length) {
  if (hits.length) {
    console.error(
      `service parameters check failed: ${hits.length} exported function(s) take more than three parameters; take one options object:`,
    );
    for (const h of hits) console.error(`  - ${h}`);
  }
  if (stale.length) {
    console.error('allow-list entries that no longer match a wide function (remove them):');
    for (const s of stale) console.error(`  - ${s}`);
  }
  process.exit(1);
}
console.log(`service parameters ok: ${files.length} file(s) scanned, ${allowed.size} allowed`);

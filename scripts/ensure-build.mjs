// `npm start` runs this first: builds when dist/ is missing or older than the sources.
import { execSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'dist/.build-stamp';
const SOURCES = ['client', 'server', 'db', 'seed', 'locales', 'package.json', 'vite.config.ts'];

function newest(p) {
  let s;
  try {
    s = statSync(p);
  } catch {
    return 0;
  }
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const e of readdirSync(p)) if (e !== 'node_modules') max = Math.max(max, newest(path.join(p, e)));
  return max;
}

let stamp = 0;
try {
  stamp = statSync(STAMP).mtimeMs;
} catch {
  /* never built */
}
const src = Math.max(...SOURCES.map(newest));
if (!stamp || src > stamp) {
  console.log(stamp ? 'Sources changed since the last build: rebuilding…' : 'No build yet: building…');
  execSync('npm run -s build', { stdio: 'inherit' });
}

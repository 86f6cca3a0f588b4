/**
 * i18n completeness (run by `npm run check`):
 *  - every namespace file in locales/en exists in every other language with exactly the same
 *    nested keys (missing and extra keys reported per language/file), except that a plural key
 *    (`x_one`/`x_other` in English) has in each language exactly that language's plural forms
 *    (`Intl.PluralRules`: Spanish, Italian and Portuguese also have `x_many`, for a million and up);
 *  - no value is an empty string;
 *  - every i18n key used as a zod message in server/contracts/** (the zod contracts) exists in `common`
 *    (or in the namespace named by its first segment, when that namespace file exists).
 * Exits 1 on any problem.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(root, 'locales');
const SOURCE = 'en';
const problems: string[] = [];

type Json = { [key: string]: unknown };

function readJson(file: string): Json | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Json;
    problems.push(`${rel(file)}: top level must be an object`);
  } catch (e) {
    problems.push(`${rel(file)}: cannot read JSON (${(e as Error).message})`);
  }
  return null;
}

function rel(file: string) {
  return path.relative(root, file);
}

/** Leaf keys as dotted paths; reports empty strings and non-string leaves on the way. */
function leafKeys(obj: Json, file: string, prefix = '', out = new Set<string>()): Set<string> {
  for (const [key, value] of Object.entries(obj)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && !Array.isArray(value)) leafKeys(value as Json, file, full, out);
    else {
      out.add(full);
      if (typeof value !== 'string') problems.push(`${rel(file)}: "${full}" must be a string`);
      else if (value.trim() === '') problems.push(`${rel(file)}: "${full}" is an empty string`);
    }
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The source's keys as `lng` must have them: each plural key in the forms of `lng`'s own plural rules. */
function pluralForms(sourceKeys: Set<string>, lng: string): Set<string> {
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  const plural = new Set([...sourceKeys].filter((k) => k.endsWith('_other')).map((k) => k.slice(0, -'_other'.length)));
  const out = new Set<string>();
  for (const k of sourceKeys) {
    const base = k.replace(PLURAL_SUFFIX, '');
    if (base !== k && plural.has(base)) for (const c of categories) out.add(`${base}_${c}`);
    else out.add(k);
  }
  return out;
}

const languages = readdirSync(localesDir).filter((d) => statSync(path.join(localesDir, d)).isDirectory());
if (!languages.includes(SOURCE)) {
  console.error(`locales/${SOURCE} is missing`);
  process.exit(1);
}
const namespaces = readdirSync(path.join(localesDir, SOURCE))
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -5));
const keysByNamespace = new Map<string, Set<string>>();

for (const ns of namespaces) {
  const sourceFile = path.join(localesDir, SOURCE, `${ns}.json`);
  const source = readJson(sourceFile);
  if (!source) continue;
  const sourceKeys = leafKeys(source, sourceFile);
  keysByNamespace.set(ns, sourceKeys);
  for (const lng of languages.filter((l) => l !== SOURCE)) {
    const file = path.join(localesDir, lng, `${ns}.json`);
    let exists = true;
    try {
      statSync(file);
    } catch {
      exists = false;
    }
    if (!exists) {
      problems.push(`${rel(file)}: missing (locales/${SOURCE}/${ns}.json has it)`);
      continue;
    }
    const data = readJson(file);
    if (!data) continue;
    const keys = leafKeys(data, file);
    const expected = pluralForms(sourceKeys, lng);
    const missing = [...expected].filter((k) => !keys.has(k));
    const extra = [...keys].filter((k) => !expected.has(k));
    if (missing.length) problems.push(`${rel(file)}: missing keys: ${missing.join(', ')}`);
    if (extra.length) problems.push(`${rel(file)}: extra keys: ${extra.join(', ')}`);
  }
}

// namespace files that exist in another language but not in the source
for (const lng of languages.filter((l) => l !== SOURCE)) {
  for (const f of readdirSync(path.join(localesDir, lng)).filter((x) => x.endsWith('.json'))) {
    if (!namespaces.includes(f.slice(0, -5)))
      problems.push(`locales/${lng}/${f}: extra file (not in locales/${SOURCE})`);
  }
}

function schemaFiles(dir: string, match: (name: string) => boolean): string[] {
  let out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out = out.concat(schemaFiles(full, match));
    else if (match(entry.name)) out.push(full);
  }
  return out;
}

// A message argument (`, 'a.b'`, `z.email('a.b')`) or option (`error: 'a.b'`, `message: 'a.b'`):
// dotted, no spaces.
const MESSAGE_KEY = /(?:[(,]\s*|\b(?:error|message)\s*:\s*)(['"`])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g;
const contractsDir = path.join(root, 'server', 'contracts');
// the contracts that declare zod schemas (the others hold constants and pure helpers)
const files = schemaFiles(contractsDir, (n) => n.endsWith('.ts')).filter((f) =>
  readFileSync(f, 'utf8').includes("from 'zod'"),
);
const common = keysByNamespace.get('common') ?? new Set<string>();
for (const file of files) {
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(MESSAGE_KEY)) {
    const key = m[2];
    const [first, ...rest] = key.split('.');
    const nsKeys = keysByNamespace.get(first);
    const found = common.has(key) || (nsKeys !== undefined && nsKeys.has(rest.join('.')));
    if (!found)
      problems.push(
        `${rel(file)}: message key "${key}" is not in locales/${SOURCE}/common.json${nsKeys ? ` or ${first}.json` : ''}`,
      );
  }
}

// Every AppError code reaches the client, which shows `errors.<CODE>` from common.json.
const errorsFile = readFileSync(path.join(root, 'server', 'errors.ts'), 'utf8');
for (const m of errorsFile.matchAll(/^ {2}([A-Z][A-Z_]+): \{ trpc:/gm)) {
  if (!common.has(`errors.${m[1]}`))
    problems.push(`server/errors.ts: error code ${m[1]} has no "errors.${m[1]}" in locales/${SOURCE}/common.json`);
}

if (problems.length) {
  console.error(`i18n check failed (${problems.length} problem${problems.length === 1 ? '' : 's'}):`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `i18n ok: ${namespaces.length} namespace(s) × ${languages.length} languages, ${files.length} schema file(s) scanned`,
);

import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve, basename } from 'node:path';
import { describe, expect, it } from 'vitest';

// The app imports Mantine's styles per component (client/styles/mantine-first.css and
// mantine-pages.css): a component used in client/ whose stylesheet is in neither would render bare.
const CORE = resolve('node_modules/@mantine/core');

function clientFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? clientFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The Mantine components client/ and the Mantine packages it uses import from @mantine/core. */
function usedComponents(): Set<string> {
  const names = new Set<string>();
  const sources = [
    ...clientFiles('client').map((f) => readFileSync(f, 'utf8')),
    ...['notifications', 'charts', 'dropzone'].flatMap((p) =>
      readdirSync(resolve(`node_modules/@mantine/${p}/esm`), { recursive: true })
        .filter((f) => String(f).endsWith('.mjs'))
        .map((f) => readFileSync(resolve(`node_modules/@mantine/${p}/esm`, String(f)), 'utf8')),
    ),
  ];
  for (const src of sources)
    for (const m of src.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*['"]@mantine\/core['"]/g))
      for (const n of m[1].match(/\b[A-Z][A-Za-z]+\b/g) ?? []) names.add(n);
  return names;
}

/** The stylesheets (by name) a component needs: its own and those of the components it renders. */
function stylesheets(components: Set<string>): Set<string> {
  const index = readFileSync(join(CORE, 'esm/index.mjs'), 'utf8');
  const seen = new Set<string>();
  const sheets = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, 'utf8').matchAll(/from "(\.[^"]+\.mjs)"/g)) {
      const dep = resolve(dirname(file), m[1]);
      if (dep.endsWith('.module.mjs')) sheets.add(basename(dep, '.module.mjs'));
      else visit(dep);
    }
  };
  for (const name of components) {
    const from = index.match(new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from "(\\./[^"]+)"`));
    if (from) visit(resolve(CORE, 'esm', from[1]));
  }
  return new Set([...sheets].filter((s) => existsSync(join(CORE, `styles/${s}.css`))));
}

const listed = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/@import ["']@mantine\/core\/styles\/([^"']+)\.css["'];/g)].map((m) => m[1]);

describe('Mantine styles per component', () => {
  it('every stylesheet the used components need is imported once, by mantine-first.css or mantine-pages.css', () => {
    const imported = [...listed('client/styles/mantine-first.css'), ...listed('client/styles/mantine-pages.css')];
    const needed = stylesheets(usedComponents());
    expect(needed.size).toBeGreaterThan(20);
    expect([...needed].filter((s) => !imported.includes(s)).sort()).toEqual([]);
    expect(imported.length).toBe(new Set(imported).size);
  });
});

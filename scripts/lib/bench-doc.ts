import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const DOC = 'docs/benchmarks.md';

/** Rewrites the `## <title>` section of docs/benchmarks.md (appends it when absent); the rest stays. */
export function writeBenchSection(title: string, body: string) {
  const section = `\n## ${title}\n\n${body.trimEnd()}\n`;
  const existing = existsSync(DOC) ? readFileSync(DOC, 'utf8') : '# Benchmarks\n';
  const escaped = title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const own = new RegExp(`\\n## ${escaped}\\n[\\s\\S]*?(?=\\n## |$)`);
  writeFileSync(
    DOC,
    own.test(existing) ? existing.replace(own, section.trimEnd() + '\n') : existing.trimEnd() + '\n' + section,
  );
  console.log(`Wrote the "${title}" section of ${DOC}.`);
}

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';

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

/** Today's date, the cores and CPU model, and the Node version: where a figure was measured. */
export function machine(): string {
  return `${new Date().toISOString().slice(0, 10)}, ${os.availableParallelism()} cores (${os.cpus()[0]?.model?.trim() ?? 'CPU'}), Node ${process.version}`;
}

/** Runs a bench's `main`; a failure is printed and the process exits with 1. */
export function runBench(main: () => Promise<void>) {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}

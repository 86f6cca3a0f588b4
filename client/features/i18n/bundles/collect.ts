import type { ResourceLanguage } from 'i18next';

/** One language's namespace files (from an eager `import.meta.glob`) keyed by namespace name. */
export function collectNamespaces(files: Record<string, unknown>): ResourceLanguage {
  const out: ResourceLanguage = {};
  for (const [file, texts] of Object.entries(files)) {
    const ns = /([^/]+)\.json$/.exec(file)?.[1];
    if (ns) out[ns] = texts as ResourceLanguage[string];
  }
  return out;
}

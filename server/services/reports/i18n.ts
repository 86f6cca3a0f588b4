import { LANGUAGES, type Language } from '../../contracts/languages';
import { serverTranslator, type Translate } from '../../i18n';

export type { Translate };

/** The report's texts in `lng` (locales/<lng>/reports.json through server/i18n.ts). */
export function translator(lng: Language): Translate {
  return serverTranslator(lng, 'reports');
}

/** Maps a language tag to one of ours: 'pt' and 'pt-*' are Brazilian Portuguese. */
function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (!lower) return null;
  if (lower === 'pt' || lower.startsWith('pt-') || lower.startsWith('pt_')) return 'pt-BR';
  const base = lower.split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

/** The first supported language of an Accept-Language header, by quality. */
export function languageFromAcceptHeader(header: string | undefined): Language | null {
  if (!header) return null;
  const tags = header
    .split(',')
    .map((part, i) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag, q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.tag && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of tags) {
    const lng = normalizeLanguage(tag);
    if (lng) return lng;
  }
  return null;
}

/** The viewer's language: explicit `?lang=`, then their saved language, then Accept-Language, then English. */
export function viewerLanguage(opts: {
  query?: string | null;
  saved?: string | null;
  acceptLanguage?: string;
}): Language {
  return (
    normalizeLanguage(opts.query) ??
    normalizeLanguage(opts.saved) ??
    languageFromAcceptHeader(opts.acceptLanguage) ??
    'en'
  );
}

import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Written only when the user explicitly picks a language (spec §9 stored local keys). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type Resources = Record<string, Record<string, Record<string, unknown>>>;

// Every namespace file of every language; features add their own `locales/<lng>/<ns>.json`.
const modules = import.meta.glob<{ default: Record<string, unknown> }>('../../locales/*/*.json', { eager: true });

function collectResources(): { resources: Resources; namespaces: string[] } {
  const resources: Resources = {};
  const namespaces = new Set<string>();
  for (const [file, mod] of Object.entries(modules)) {
    const m = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!m) continue;
    const [, lng, ns] = m;
    resources[lng] ??= {};
    resources[lng][ns] = mod.default;
    namespaces.add(ns);
  }
  return { resources, namespaces: [...namespaces] };
}

/** Maps a language tag to one of ours: 'pt' and 'pt-*' are Brazilian Portuguese. */
export function normalizeLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const lower = tag.trim().toLowerCase();
  if (lower === 'pt' || lower.startsWith('pt-')) return 'pt-BR';
  const base = lower.split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base) ? (base as Language) : null;
}

export function savedLanguage(): Language | null {
  try {
    return normalizeLanguage(localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    return null;
  }
}

export function saveLanguagePreference(lng: Language) {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, lng);
  } catch {
    /* storage disabled: the choice still applies for this page and on the server */
  }
}

function browserLanguage(): Language | null {
  const tags = navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const lng = normalizeLanguage(tag);
    if (lng) return lng;
  }
  return null;
}

export interface LanguageSources {
  userLanguage?: string | null;
  clientDefaultLanguage?: string | null;
}

/** Saved preference, then the user's language, then the client's default, then the browser, then English. */
export function resolveLanguage(sources: LanguageSources = {}): Language {
  return (
    savedLanguage() ??
    normalizeLanguage(sources.userLanguage) ??
    normalizeLanguage(sources.clientDefaultLanguage) ??
    browserLanguage() ??
    'en'
  );
}

export function currentLanguage(): Language {
  return normalizeLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
}

const { resources, namespaces } = collectResources();

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

void i18n.use(initReactI18next).init({
  resources,
  ns: namespaces,
  defaultNS: 'common',
  lng: resolveLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  returnEmptyString: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

export default i18n;

import i18n, { type BackendModule, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Written only when the user explicitly picks a language (spec §9 stored local keys). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

type LocaleModule = { default: ResourceKey };

// Every namespace file of every language as its own chunk, loaded on demand; `mail` is the
// server's (e-mail texts) and never reaches the browser. Features add `locales/<lng>/<ns>.json`.
const loaders = import.meta.glob<LocaleModule>(['../../locales/*/*.json', '!../../locales/*/mail.json']);
const localeFile = (lng: string, ns: string) => `../../locales/${lng}/${ns}.json`;
const NAMESPACES = [...new Set(Object.keys(loaders).map((file) => /([^/]+)\.json$/.exec(file)?.[1] ?? ''))].filter(Boolean);

/** Loads one language's namespaces when i18next asks for them (at start and on a language change). */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    const load = loaders[localeFile(lng, ns)];
    if (!load) {
      callback(new Error(`no locale file for ${lng}/${ns}`), false);
      return;
    }
    load().then(
      (mod) => callback(null, mod.default),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

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

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
});

/**
 * Resolves once the starting language's texts are loaded; main.tsx renders after it. Only the
 * active language is loaded (no fallback language: `npm run check` keeps every key in every
 * language), and `changeLanguage` loads the new one before switching.
 */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    ns: NAMESPACES,
    defaultNS: 'common',
    lng: resolveLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

export default i18n;

import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Written only when the user explicitly picks a language, so a saved choice is never overwritten by the profile's or the client's default language. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

// One chunk per language (client/features/i18n/bundles/), loaded when the language is used.
const BUNDLES: Record<Language, () => Promise<{ default: ResourceLanguage }>> = {
  en: () => import('../features/i18n/bundles/en'),
  es: () => import('../features/i18n/bundles/es'),
  it: () => import('../features/i18n/bundles/it'),
  'pt-BR': () => import('../features/i18n/bundles/pt-BR'),
};
// The namespace names, from the English files (the check keeps the languages' files alike).
const NAMESPACES = Object.keys(import.meta.glob(['../../locales/en/*.json', '!../../locales/en/mail.json'])).map((file) => /([^/]+)\.json$/.exec(file)?.[1] ?? 'common');

const bundles = new Map<string, Promise<ResourceLanguage>>();
function loadBundle(lng: string): Promise<ResourceLanguage> {
  const load = BUNDLES[lng as Language] as (typeof BUNDLES)[Language] | undefined;
  if (!load) return Promise.reject(new Error(`no texts for language ${lng}`));
  let bundle = bundles.get(lng);
  if (!bundle) {
    bundle = load().then((m) => m.default);
    bundles.set(lng, bundle);
  }
  return bundle;
}

/** Gives i18next a language's namespaces when it asks for them (at start and on a language change). */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    loadBundle(lng).then(
      (texts) => callback(null, texts[ns] ?? {}),
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

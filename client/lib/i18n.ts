import i18n, { type BackendModule, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const LANGUAGES = ['en', 'es', 'it', 'pt-BR'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Written only when the user explicitly picks a language, so a saved choice is never overwritten by the profile's or the client's default language. */
const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/**
 * Each language comes in two chunks (client/features/i18n/bundles/): `common` (the sign-in page, the
 * layouts, errors and languages: all the first screen needs) and the namespaces of the other pages,
 * loaded with the first of those pages (`loadPageTexts`), which keeps them off /login.
 */
const FIRST_NAMESPACE = 'common';
type Part = 'first' | 'pages';
const BUNDLES: Record<Language, Record<Part, () => Promise<{ default: ResourceLanguage }>>> = {
  en: { first: () => import('../features/i18n/bundles/en-common'), pages: () => import('../features/i18n/bundles/en') },
  es: { first: () => import('../features/i18n/bundles/es-common'), pages: () => import('../features/i18n/bundles/es') },
  it: { first: () => import('../features/i18n/bundles/it-common'), pages: () => import('../features/i18n/bundles/it') },
  'pt-BR': {
    first: () => import('../features/i18n/bundles/pt-BR-common'),
    pages: () => import('../features/i18n/bundles/pt-BR'),
  },
};
// The pages' namespace names, from the English files (the check keeps the languages' files alike).
const PAGE_NAMESPACES = Object.keys(
  import.meta.glob(['../../locales/en/*.json', '!../../locales/en/common.json', '!../../locales/en/mail.json']),
).map((file) => /([^/]+)\.json$/.exec(file)?.[1] ?? FIRST_NAMESPACE);

const bundles = new Map<string, Promise<ResourceLanguage>>();
function loadBundle(lng: string, part: Part): Promise<ResourceLanguage> {
  const load = (BUNDLES[lng as Language] as (typeof BUNDLES)[Language] | undefined)?.[part];
  if (!load) return Promise.reject(new Error(`no texts for language ${lng}`));
  const key = `${lng}:${part}`;
  let bundle = bundles.get(key);
  if (!bundle) {
    bundle = load().then((m) => m.default);
    // a failed chunk (offline) may be asked for again later
    bundle.catch(() => bundles.delete(key));
    bundles.set(key, bundle);
  }
  return bundle;
}

/** Gives i18next a language's namespaces when it asks for them (at start, for a page, on a language change). */
const localeBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(lng, ns, callback) {
    loadBundle(lng, ns === FIRST_NAMESPACE ? 'first' : 'pages').then(
      (texts) => callback(null, texts[ns] ?? {}),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false),
    );
  },
};

let pageTextsWanted = false;

/**
 * Loads the namespaces of the pages after /login in the current language; every page but /login
 * waits for it (app-routes.ts). From then on i18next loads them with every language it switches to.
 */
export function loadPageTexts(): Promise<void> {
  pageTextsWanted = true;
  return i18n.loadNamespaces(PAGE_NAMESPACES);
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

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = lng;
  // A switch that began before the first page asked for its texts loaded `common` only: load the
  // rest now (the components redraw as the texts arrive, `bindI18nStore` below).
  if (pageTextsWanted && !PAGE_NAMESPACES.every((ns) => i18n.hasResourceBundle(lng, ns)))
    void i18n.loadNamespaces(PAGE_NAMESPACES);
});

/**
 * Resolves once the starting language's `common` texts are loaded; main.tsx renders after it. Only
 * the active language is loaded (no fallback language: `npm run check` keeps every key in every
 * language), and `changeLanguage` loads the new one's namespaces (those loaded so far) before switching.
 */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    ns: [FIRST_NAMESPACE],
    defaultNS: FIRST_NAMESPACE,
    lng: resolveLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false, bindI18nStore: 'added' },
  });

export default i18n;

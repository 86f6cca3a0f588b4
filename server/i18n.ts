import i18next, { type Resource } from 'i18next';
import enLti from '../locales/en/lti.json';
import enMail from '../locales/en/mail.json';
import enReports from '../locales/en/reports.json';
import esLti from '../locales/es/lti.json';
import esMail from '../locales/es/mail.json';
import esReports from '../locales/es/reports.json';
import itLti from '../locales/it/lti.json';
import itMail from '../locales/it/mail.json';
import itReports from '../locales/it/reports.json';
import ptBRLti from '../locales/pt-BR/lti.json';
import ptBRMail from '../locales/pt-BR/mail.json';
import ptBRReports from '../locales/pt-BR/reports.json';
import { LANGUAGES, type Language } from './contracts/languages';

/**
 * The server's translations (the downloadable report, e-mails, the LTI launch pages): one i18next instance over the same
 * locale files the client loads (bundled into the server build). A missing key falls back to
 * English, then to the key; a missing variable stays as `{{name}}` in the text, as in the client.
 */
export type ServerNamespace = 'reports' | 'mail' | 'lti';
export type Translate = (key: string, values?: Record<string, string | number>) => string;

const resources: Resource = {
  en: { reports: enReports, mail: enMail, lti: enLti },
  es: { reports: esReports, mail: esMail, lti: esLti },
  it: { reports: itReports, mail: itMail, lti: itLti },
  'pt-BR': { reports: ptBRReports, mail: ptBRMail, lti: ptBRLti },
};

const i18n = i18next.createInstance();
void i18n.init({
  resources,
  ns: ['reports', 'mail', 'lti'],
  defaultNS: 'reports',
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  load: 'currentOnly',
  initAsync: false,
  nsSeparator: false,
  returnEmptyString: false,
  interpolation: { escapeValue: false },
});

/** `t` for one language and namespace. */
export function serverTranslator(lng: Language, ns: ServerNamespace): Translate {
  const t = i18n.getFixedT(lng, ns);
  return (key, values = {}) => t(key, values);
}

/** One namespace of one language as its tree (English when the language has none). */
export function serverTexts(lng: Language, ns: ServerNamespace): Record<string, unknown> {
  return (i18n.getResourceBundle(lng, ns) ?? i18n.getResourceBundle('en', ns)) as Record<string, unknown>;
}

/** Fills `{{name}}` variables of a text with i18next's interpolation (the same rules as `t`). */
export function interpolate(text: string, values: Record<string, string | number>, lng: Language = 'en'): string {
  return i18n.services.interpolator.interpolate(text, values, lng, {});
}

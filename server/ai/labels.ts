import type { Language } from '../contracts/languages';

/** The prospect's spoken language, named for a prompt written in English. */
const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Spanish',
  it: 'Italian',
  'pt-BR': 'Brazilian Portuguese',
};

export function languageName(lang: string): string {
  return (LANGUAGE_NAMES as Record<string, string>)[lang] ?? lang;
}

const LEARNER_ROLES: Record<string, string> = {
  sales_representative: 'Sales Representative',
  account_executive: 'Account Executive',
  sales_manager: 'Sales Manager',
  business_development: 'Business Development',
};

/** "account_executive" → "Account Executive"; free text is kept as written. */
export function learnerRoleLabel(role: string): string {
  if (LEARNER_ROLES[role]) return LEARNER_ROLES[role];
  if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(role))
    return role
      .split('_')
      .map((w) => w[0].toUpperCase() + w.slice(1))
      .join(' ');
  return role;
}

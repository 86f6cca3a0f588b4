import type { TFunction } from 'i18next';
import i18n from './i18n';

/**
 * Translates an i18n key coming from a server zod schema. Same rule as scripts/check-i18n.ts:
 * the full key in `common`, else the rest of the key in the namespace named by its first segment
 * (`scorecards.validation.nameRequired` → `validation.nameRequired` in `scorecards`).
 */
export function translateMessageKey(t: TFunction, key: string): string {
  if (i18n.exists(key, { ns: 'common' })) return t(key);
  const [ns, ...rest] = key.split('.');
  const inner = rest.join('.');
  if (inner && i18n.exists(inner, { ns })) return t(inner, { ns });
  return t(key);
}

/** The translated error of a Mantine form field whose errors hold i18n keys. */
export function fieldErrorText(t: TFunction, error: unknown): string | undefined {
  return typeof error === 'string' && error ? translateMessageKey(t, error) : undefined;
}

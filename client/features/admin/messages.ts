import type { TFunction } from 'i18next';
import i18n from '../../lib/i18n';
import { errorInfo, errorMessage } from '../../lib/errors';
import { notifyError } from '../../lib/notify';

/**
 * Translates a server message key such as `clients.validation.nameRequired`: the first segment
 * names the namespace file (locales/<lng>/clients.json) when one exists; otherwise the key is
 * looked up in `common`.
 */
export function translateMessageKey(t: TFunction, key: string, values: Record<string, unknown> = {}): string {
  const dot = key.indexOf('.');
  if (dot > 0) {
    const ns = key.slice(0, dot);
    const rest = key.slice(dot + 1);
    if (i18n.exists(rest, { ns })) return t(rest, { ns, ...values });
  }
  return t(key, { ns: 'common', ...values });
}

/** The server's zod messages per field (first one each), or null when the error carries none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const { fieldErrors } = errorInfo(error);
  const entries = Object.entries(fieldErrors ?? {}).flatMap(([k, v]) => (v?.length ? [[k, v[0]] as const] : []));
  return entries.length ? Object.fromEntries(entries) : null;
}

export { notifySuccess } from '../../lib/notify';

/** A spec §8 failure ("Failed to create client") with the server's translated reason below it. */
export function notifyFailure(title: string, error: unknown, reason?: string) {
  notifyError(reason ?? errorMessage(i18n.getFixedT(null, 'common'), error), title);
}

/** Namespaces of the admin screens: their own first, then `common` (errors, languages, app). */
export const CLIENTS_NS = ['clients', 'common'] as const;
export const PROMPTS_NS = ['prompts', 'common'] as const;

import { TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';
import i18n from './i18n';

/*
 * The one error translator of the client. Lookup order, first match wins:
 *   1. a field message key from a server zod schema or a form rule (translateMessageKey /
 *      fieldErrorText / serverFieldErrors): the full key in `common`, else the key's rest in
 *      the namespace named by its first segment (same rule as scripts/check-i18n.ts);
 *   2. the app error code: `errors.<appCode>` (translateErrorCode / errorMessage);
 *   3. the generic message `errors.INTERNAL` when `errors.<appCode>` does not exist.
 */

export interface AppErrorInfo {
  appCode: string;
  details: Record<string, unknown> | null;
  fieldErrors: Record<string, string[] | undefined> | null;
}

interface ErrorData {
  appCode?: string;
  details?: Record<string, unknown> | null;
  fieldErrors?: Record<string, string[] | undefined> | null;
}

/** The app error code, details and field errors the server formatted (server/trpc/init.ts). */
export function errorInfo(error: unknown): AppErrorInfo {
  if (error instanceof TRPCClientError) {
    const data = error.data as ErrorData | undefined;
    // no data: the request never reached our server (offline, proxy error)
    if (!data) return { appCode: 'NETWORK', details: null, fieldErrors: null };
    return {
      appCode: data.appCode ?? 'INTERNAL',
      details: data.details ?? null,
      fieldErrors: data.fieldErrors ?? null,
    };
  }
  return { appCode: 'INTERNAL', details: null, fieldErrors: null };
}

/** Translates an error code (`errors.<code>`), falling back to the generic message. */
export function translateErrorCode(t: TFunction, code: string, values: Record<string, unknown> = {}): string {
  return t(`errors.${code}`, { ...values, defaultValue: t('errors.INTERNAL') });
}

export function errorMessage(t: TFunction, error: unknown): string {
  const { appCode, details } = errorInfo(error);
  if (appCode === 'TOO_MANY_REQUESTS') {
    const seconds = Number(details?.retryAfterSeconds ?? 60);
    return translateErrorCode(t, appCode, { minutes: Math.max(1, Math.ceil(seconds / 60)) });
  }
  return translateErrorCode(t, appCode);
}

/** The server's zod messages per field (i18n keys), to show next to the fields; null when there are none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const { fieldErrors } = errorInfo(error);
  const entries = Object.entries(fieldErrors ?? {}).flatMap(([k, v]) => (v?.length ? [[k, v[0]] as const] : []));
  return entries.length ? Object.fromEntries(entries) : null;
}

/**
 * Step 1 of the lookup order: translates an i18n key coming from a server zod schema
 * (`scorecards.validation.nameRequired` → `validation.nameRequired` in `scorecards`).
 */
export function translateMessageKey(t: TFunction, key: string, values: Record<string, unknown> = {}): string {
  if (i18n.exists(key, { ns: 'common' })) return t(key, { ns: 'common', ...values });
  const [ns, ...rest] = key.split('.');
  const inner = rest.join('.');
  if (inner && i18n.exists(inner, { ns })) return t(inner, { ns, ...values });
  return t(key, values);
}

/** The translated error of a Mantine form field whose errors hold i18n keys. */
export function fieldErrorText(t: TFunction, error: unknown): string | undefined {
  return typeof error === 'string' && error ? translateMessageKey(t, error) : undefined;
}

/**
 * The server's reason for a failed save or delete, translated: the first field error, else the
 * error's message key, else its code.
 */
export function serverReason(t: TFunction, e: unknown): string {
  const { fieldErrors, details } = errorInfo(e);
  const first = fieldErrors
    ? Object.values(fieldErrors)
        .flat()
        .find((m): m is string => typeof m === 'string' && m.length > 0)
    : undefined;
  if (first) return translateMessageKey(t, first);
  if (typeof details?.messageKey === 'string') return translateMessageKey(t, details.messageKey);
  return errorMessage(t, e);
}

/**
 * The field messages of a form checked on the client (`errors`, already translated) and then by
 * the server (`mutation`'s field errors, i18n keys): `err(field)` gives the client's first.
 * `server` is null when the failure named no field (the form shows the error as a whole then).
 */
export function formFieldMessages(
  t: TFunction,
  errors: Partial<Record<string, string>>,
  mutation: { isError: boolean; error: unknown },
) {
  const server = mutation.isError ? serverFieldErrors(mutation.error) : null;
  const err = (field: string) => errors[field] ?? (server?.[field] ? translateMessageKey(t, server[field]) : undefined);
  return { server, err };
}

/** A zod check's messages (i18n keys) translated, the first one per top-level field. */
export function issueMessages(t: TFunction, issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const messages: Record<string, string> = {};
  for (const issue of issues) messages[String(issue.path[0])] ??= translateMessageKey(t, issue.message);
  return messages;
}

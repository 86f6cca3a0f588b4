import { TRPCClientError } from '@trpc/client';
import type { TFunction } from 'i18next';

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
    return { appCode: data.appCode ?? 'INTERNAL', details: data.details ?? null, fieldErrors: data.fieldErrors ?? null };
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

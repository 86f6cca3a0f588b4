import { TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import enAssessments from '../../../locales/en/assessments.json';
import enCommon from '../../../locales/en/common.json';
import { AppError } from '../../errors';

/**
 * Greenhouse shows a partner's error answers to support staff, not to a translated UI: a refused
 * request names each field by its full path (`candidate.email`) with a readable English message
 * beside the message key our own clients translate (`details.fieldErrors` stays as for every
 * other endpoint).
 */
interface FieldIssue {
  path: string;
  /** The i18n key (locales/<lng>/…), or zod's issue code when the schema gave no key. */
  code: string;
  message: string;
}

const NAMESPACES: Record<string, unknown> = { assessments: enAssessments };

/** The English text of a message key ("assessments.validation.x" or common's "validation.x"); null when it is not a key. */
export function englishMessage(key: string): string | null {
  if (!/^[A-Za-z]+(\.[A-Za-z0-9_]+)+$/.test(key)) return null;
  const [first, ...rest] = key.split('.');
  const [root, parts] = first in NAMESPACES ? [NAMESPACES[first], rest] : [enCommon as unknown, [first, ...rest]];
  const text = parts.reduce<unknown>(
    (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    root,
  );
  return typeof text === 'string' ? text : null;
}

const issueOf = (path: string, message: string, zodCode: string): FieldIssue => {
  const english = englishMessage(message);
  return english ? { path, code: message, message: english } : { path, code: zodCode, message };
};

/** One refused field as a 400 VALIDATION. */
export function fieldError(path: string, key: string, english?: string): AppError {
  const issue = { path, code: key, message: english ?? englishMessage(key) ?? key };
  return new AppError('VALIDATION', `${path}: ${issue.message}`, {
    fieldErrors: { [path.split('.')[0]]: [key] },
    issues: [issue],
  });
}

/** A schema failure as a 400 VALIDATION whose issues carry paths and English messages. */
function validationError(error: ZodError): AppError {
  const issues = error.issues.map((i) => issueOf(i.path.map(String).join('.') || '(body)', i.message, i.code));
  const first = issues[0];
  return new AppError('VALIDATION', first ? `${first.path}: ${first.message}` : 'Invalid request', {
    fieldErrors: z.flattenError(error).fieldErrors,
    issues,
  });
}

/** tRPC middleware (placed before `.input()`): a request refused by its schema answers with `validationError`. */
export async function withFieldIssues<T extends { ok: boolean }>(next: () => Promise<T>): Promise<T> {
  const r = await next();
  if (!r.ok) {
    const cause = (r as unknown as { error: TRPCError }).error.cause;
    if (cause instanceof ZodError)
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'Invalid request', cause: validationError(cause) });
  }
  return r;
}

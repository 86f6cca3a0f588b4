import { useTranslation } from 'react-i18next';

/** The audit screen's namespace first, then `common` (errors, loading). */
export const AUDIT_NS = ['audit', 'common'] as const;

/**
 * An action in words: the translation of the ones this version knows (`actions.<name>` of
 * audit.json), a superuser's write on the tenant as "Superuser change: <procedure>", and any
 * other name (an action newer than this screen) as it is stored.
 */
export function useActionWords(): (action: string) => string {
  const { t, i18n } = useTranslation(AUDIT_NS);
  return (action) => {
    const words: unknown = i18n.getResource(i18n.resolvedLanguage ?? i18n.language, 'audit', `actions.${action}`);
    if (typeof words === 'string') return words;
    if (action.startsWith('superuser.')) return t('superuserAction', { procedure: action.slice('superuser.'.length) });
    return action;
  };
}

/** A day typed in a date field (YYYY-MM-DD) as the moment it starts in the viewer's time zone; `next` the day after. */
export function dayStart(day: string | null, next = false): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const d = new Date(`${day}T00:00:00`);
  if (Number.isNaN(d.getTime())) return undefined;
  if (next) d.setDate(d.getDate() + 1);
  return d.toISOString();
}

import { useTranslation } from 'react-i18next';

/**
 * `t` for the users namespace that also translates the server schema's message keys
 * ('users.validation.…' live in users.json, anything else in common.json).
 */
export function useUsersT() {
  const { t, i18n } = useTranslation('users');
  // common namespace: errors.<code> (client/lib/errors.ts), languages, password rules
  const { t: tc } = useTranslation();
  const tk = (key: string | undefined | null): string | undefined => {
    if (!key) return undefined;
    if (key.startsWith('users.')) return t(key.slice('users.'.length));
    return t(key, { ns: 'common' });
  };
  return { t, tc, tk, i18n };
}

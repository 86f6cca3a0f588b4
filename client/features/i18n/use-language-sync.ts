import { useEffect } from 'react';
import i18n, { resolveLanguage } from '../../lib/i18n';
import type { Me } from '../auth/use-me';

/**
 * Applies the language priority once the user is known (or known to be signed out). A saved
 * preference wins, so this never overrides an explicit choice.
 */
export function useLanguageSync(me: Me | null | undefined) {
  const userLanguage = me?.user.user_language ?? null;
  const clientDefault = me?.client_info.client_default_language ?? null;
  const known = me !== undefined;
  useEffect(() => {
    if (!known) return;
    const lng = resolveLanguage({ userLanguage, clientDefaultLanguage: clientDefault });
    if (lng !== i18n.language) void i18n.changeLanguage(lng);
  }, [known, userLanguage, clientDefault]);
}

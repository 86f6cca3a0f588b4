import { useEffect } from 'react';
import i18n, { savedLanguage } from '../../lib/i18n';

/**
 * A guest's pages speak the campaign's language, unless the visitor chose one on this browser
 * before (that choice wins). Not saved: it applies to these pages only.
 */
export function useGuestLanguage(language: string | undefined) {
  useEffect(() => {
    if (!language || savedLanguage()) return;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
}

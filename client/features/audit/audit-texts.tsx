import { Loader } from '@mantine/core';
import type { ResourceLanguage } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The audit screen's texts (locales/<lng>/audit.json) come with the screen, not with the pages'
 * texts every page loads (client/features/i18n/bundles leave them out): only admins open it, and
 * its action names would weigh on /dashboard's first load.
 */
const TEXTS = import.meta.glob<ResourceLanguage>('../../../locales/*/audit.json', { import: 'default' });

/** Draws `children` once the audit texts of the current language are loaded (a loader until then). */
export function WithAuditTexts({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const has = () => Object.keys(i18n.getResourceBundle(lng, 'audit') ?? {}).length > 0;
  const [ready, setReady] = useState(has);
  useEffect(() => {
    if (has()) return setReady(true);
    setReady(false);
    let live = true;
    const load = TEXTS[`../../../locales/${lng}/audit.json`] ?? TEXTS['../../../locales/en/audit.json'];
    void load?.().then((texts) => {
      i18n.addResourceBundle(lng, 'audit', texts, true, true);
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [lng]); // eslint-disable-line react-hooks/exhaustive-deps
  return ready ? children : <Loader aria-label={t('app.loading')} />;
}

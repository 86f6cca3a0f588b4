import { Loader } from '@mantine/core';
import type { ResourceLanguage } from 'i18next';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Texts of admin screens (and of the learning-system launch page) that come with their screen, not with the pages' texts every page loads
 * (client/features/i18n/bundles leave them out): only admins open these screens, and their texts
 * would weigh on /dashboard's first load.
 */
const TEXTS = import.meta.glob<ResourceLanguage>(
  [
    '../../../locales/*/audit.json',
    '../../../locales/*/identity.json',
    '../../../locales/*/sso.json',
    '../../../locales/*/scim.json',
    '../../../locales/*/lms.json',
    '../../../locales/*/scorm.json',
    '../../../locales/*/lti.json',
  ],
  { import: 'default' },
);
type ScreenNamespace = 'audit' | 'identity' | 'sso' | 'scim' | 'lms' | 'scorm' | 'lti';

/** Draws `children` once these namespaces of the current language are loaded (a loader until then). */
export function WithScreenTexts({ namespaces, children }: { namespaces: ScreenNamespace[]; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const missing = () => namespaces.filter((ns) => !Object.keys(i18n.getResourceBundle(lng, ns) ?? {}).length);
  const [ready, setReady] = useState(() => missing().length === 0);
  useEffect(() => {
    const wanted = missing();
    if (!wanted.length) return setReady(true);
    setReady(false);
    let live = true;
    void Promise.all(
      wanted.map(async (ns) => {
        const load = TEXTS[`../../../locales/${lng}/${ns}.json`] ?? TEXTS[`../../../locales/en/${ns}.json`];
        const texts = await load?.();
        if (texts) i18n.addResourceBundle(lng, ns, texts, true, true);
      }),
    ).then(() => {
      if (live) setReady(true);
    });
    return () => {
      live = false;
    };
  }, [lng, namespaces.join()]); // eslint-disable-line react-hooks/exhaustive-deps
  return ready ? children : <Loader aria-label={t('app.loading')} />;
}

import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage, LANGUAGES, normalizeLanguage } from '../../lib/i18n';
import { useChangeLanguage } from '../i18n/use-change-language';

/** Picking a language here is an explicit choice: saved locally and on the profile. */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { changeLanguage, saving } = useChangeLanguage();
  const value = normalizeLanguage(i18n.language) ?? currentLanguage();
  return (
    <NativeSelect
      label={t('profile.language')}
      data={LANGUAGES.map((lng) => ({ value: lng, label: t(`languages.${lng}`) }))}
      value={value}
      onChange={(event) => {
        const picked = normalizeLanguage(event.currentTarget.value);
        if (picked) void changeLanguage(picked);
      }}
      disabled={saving}
      maw={320}
    />
  );
}

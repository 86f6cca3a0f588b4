import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from './page-title';

/** A page whose feature is not built yet: its title and an honest note, no made-up data. */
export function PlaceholderPage({ titleKey, noteKey = 'pages.comingSoon' }: { titleKey: string; noteKey?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Text c="dimmed">{t(noteKey)}</Text>
    </>
  );
}

import type { ComponentType, ReactNode } from 'react';
import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The page's one h1; also names the browser tab. */
interface Props {
  children: ReactNode;
  documentTitle?: string;
  size?: TitleProps['size'];
}

export function PageTitle({ children, documentTitle, size }: Props) {
  const { t } = useTranslation();
  const tabTitle = documentTitle ?? (typeof children === 'string' ? children : undefined);
  useEffect(() => {
    if (tabTitle) document.title = `${tabTitle} · ${t('app.name')}`;
  }, [tabTitle, t]);
  return (
    <Title order={1} size={size} mb="md">
      {children}
    </Title>
  );
}

/** A page that is its title (a key of `common`) and one panel. */
export function TitledPage({ titleKey, panel: Panel }: { titleKey: string; panel: ComponentType }) {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle>{t(titleKey)}</PageTitle>
      <Panel />
    </>
  );
}

import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Full-area spinner while authentication or a route chunk loads. */
export function LoadingScreen({ fullHeight = true }: { fullHeight?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center h={fullHeight ? '100dvh' : 240} role="status" aria-label={t('app.loading')}>
      <Loader aria-hidden />
    </Center>
  );
}

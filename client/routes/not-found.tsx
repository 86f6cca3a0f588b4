import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { PageTitle } from '../components/page-title';

export default function NotFoundPage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return (
    <Stack align="flex-start">
      <PageTitle>{t('pages.notFound.title')}</PageTitle>
      <Text c="dimmed">{t('pages.notFound.text')}</Text>
      <Button onClick={() => navigate('/')}>{t('pages.notFound.goHome')}</Button>
    </Stack>
  );
}

import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../components/page-title';
import { GoogleSignIn } from '../features/auth/google-sign-in';
import { LoginForm } from '../features/auth/login-form';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <Paper maw={420} mx="auto" mt={{ base: 0, sm: 'xl' }} p={{ base: 'md', sm: 'xl' }} withBorder shadow="sm">
      <Stack>
        <PageTitle size="h2" documentTitle={t('auth.login.submit')}>
          {t('auth.login.title')}
        </PageTitle>
        <Text size="sm" c="dimmed">
          {t('auth.login.note')}
        </Text>
        <LoginForm />
        <GoogleSignIn />
      </Stack>
    </Paper>
  );
}

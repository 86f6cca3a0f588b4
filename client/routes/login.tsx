import { Divider, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GoogleSignIn } from '../features/auth/google-sign-in';
import { LoginForm } from '../features/auth/login-form';
import { SsoSignIn } from '../features/auth/sso-sign-in';
import { AuthCard } from '../components/auth-card';

export default function LoginPage() {
  const { t } = useTranslation();
  return (
    <AuthCard maw={420} title={t('auth.login.title')} documentTitle={t('auth.login.submit')}>
      <Text size="sm" c="dimmed">
        {t('auth.login.note')}
      </Text>
      <LoginForm />
      <Divider label={t('auth.login.or')} labelPosition="center" />
      <SsoSignIn />
      <GoogleSignIn />
    </AuthCard>
  );
}

import { Divider, Loader, Text } from '@mantine/core';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GoogleSignIn } from '../features/auth/google-sign-in';
import { LoginForm, type PendingTwoFactor } from '../features/auth/login-form';
import { SsoSignIn } from '../features/auth/sso-sign-in';
import { AuthCard } from '../components/auth-card';
import { loadPageTexts } from '../lib/i18n';

// the second step of a sign-in comes only after a right password: it loads then, with its texts
// (locales/<lng>/two-factor.json, among the other pages' texts), not with /login
const stepsWithTexts = () => Promise.all([import('../features/auth/two-factor-steps'), loadPageTexts()]);
const TwoFactorVerifyStep = lazy(() => stepsWithTexts().then(([m]) => ({ default: m.TwoFactorVerifyStep })));
const TwoFactorEnrolStep = lazy(() => stepsWithTexts().then(([m]) => ({ default: m.TwoFactorEnrolStep })));

export default function LoginPage() {
  const { t } = useTranslation();
  // a right password of an account with two-factor sign-in: the code step (or, for an admin who
  // must, setting it up) replaces the form until the session exists
  const [pending, setPending] = useState<PendingTwoFactor | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const restart = useCallback((message: string | null) => {
    setNotice(message);
    setPending(null);
  }, []);
  return (
    <AuthCard maw={420} title={t('auth.login.title')} documentTitle={t('auth.login.submit')}>
      <Suspense fallback={<Loader aria-label={t('app.loading')} />}>
        {pending?.twoFactor === 'verify' && <TwoFactorVerifyStep challenge={pending.challenge} onRestart={restart} />}
        {pending?.twoFactor === 'enrol' && <TwoFactorEnrolStep challenge={pending.challenge} onRestart={restart} />}
      </Suspense>
      {!pending && (
        <>
          <Text size="sm" c="dimmed">
            {t('auth.login.note')}
          </Text>
          <LoginForm onTwoFactor={setPending} notice={notice} />
          <Divider label={t('auth.login.or')} labelPosition="center" />
          <SsoSignIn />
          <GoogleSignIn />
        </>
      )}
    </AuthCard>
  );
}

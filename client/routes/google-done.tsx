import { useEffect, useRef } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { LoadingScreen } from '../components/loading-screen';
import { GOOGLE_MESSAGE_TYPE, type GoogleResultMessage } from '../features/auth/google-sign-in';
import { translateErrorCode } from '../lib/errors';

/** Where the Google popup lands: report to the opener and close; without an opener, carry on here. */
export default function GoogleDonePage() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const status = params.get('status') === 'ok' ? 'ok' : 'error';
  const code = params.get('code');
  const hasOpener = !!window.opener && window.opener !== window;
  const reported = useRef(false);

  useEffect(() => {
    if (hasOpener) {
      if (reported.current) return;
      reported.current = true;
      const message: GoogleResultMessage = { type: GOOGLE_MESSAGE_TYPE, status, code };
      (window.opener as Window).postMessage(message, window.location.origin);
      window.close();
    } else if (status === 'ok') {
      navigate('/', { replace: true });
    }
  }, [hasOpener, status, code, navigate]);

  if (hasOpener || status === 'ok') return <LoadingScreen />;
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center">
        <Text role="alert">{translateErrorCode(t, code || 'GOOGLE_FAILED')}</Text>
        <Button onClick={() => navigate('/login', { replace: true })}>{t('auth.google.backToLogin')}</Button>
      </Stack>
    </Center>
  );
}

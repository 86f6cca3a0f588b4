import { useEffect, useState } from 'react';
import { Button, Stack } from '@mantine/core';
import { IconBrandGoogle } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { translateErrorCode } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ErrorAlert } from '../../components/status-alerts';

export const GOOGLE_MESSAGE_TYPE = 'spar-google';

export interface GoogleResultMessage {
  type: typeof GOOGLE_MESSAGE_TYPE;
  status: 'ok' | 'error';
  code?: string | null;
}

function isGoogleMessage(data: unknown): data is GoogleResultMessage {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === GOOGLE_MESSAGE_TYPE;
}

/** "Sign in with Google" in a popup; shown only when the server has Google configured. */
export function GoogleSignIn() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useQuery(trpc.auth.providers.queryOptions());
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || !isGoogleMessage(event.data)) return;
      if (event.data.status === 'ok') {
        setError(null);
        // the /login guard sends the now signed-in user on
        void queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() });
      } else {
        setError(translateErrorCode(t, event.data.code || 'GOOGLE_FAILED'));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [queryClient, t]);

  if (!providers.data?.google) return null;

  const start = () => {
    setError(null);
    const popup = window.open('/api/v1/auth/google/start', 'spar-google', 'popup,width=500,height=640');
    if (!popup) {
      setError(t('auth.login.popupBlocked'));
      return;
    }
    // fallback when the popup loses its opener on the way through Google (COOP): when focus
    // comes back to this window, check whether the session now exists
    window.addEventListener('focus', () => void queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() }), {
      once: true,
    });
  };

  return (
    <Stack>
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Button variant="default" leftSection={<IconBrandGoogle size={18} aria-hidden />} onClick={start} fullWidth>
        {t('auth.login.google')}
      </Button>
    </Stack>
  );
}

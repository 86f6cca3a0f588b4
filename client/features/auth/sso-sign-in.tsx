import { useEffect, useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/errors';
import { loadPageTexts } from '../../lib/i18n';
import { trpc } from '../../lib/trpc';
import { ErrorAlert } from '../../components/status-alerts';

const REASONS = new Set([
  'failed',
  'state',
  'nonce',
  'expired',
  'signature',
  'audience',
  'unsigned',
  'replayed',
  'not_verified',
  'other_tenant',
  'deactivated',
  'not_configured',
  'denied',
]);

/**
 * "Continue with SSO": the person gives their work address and is sent to their organisation's
 * identity provider (found by the address's domain). A failed single sign-on comes back here as
 * `?sso_error=<reason>`, shown in words.
 */
export function SsoSignIn({ returnTo }: { returnTo?: string }) {
  const { t } = useTranslation();
  const cameBack = new URLSearchParams(window.location.search).get('sso_error');
  const [open, setOpen] = useState(!!cameBack);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(cameBack ? t('errors.SSO_FAILED') : null);
  useEffect(() => {
    if (!cameBack) return;
    // the reasons' words live with the other pages' texts (not on the first load of /login):
    // the general message shows until they arrive
    void loadPageTexts().then(() => setError(t(`sign-in:errors.${REASONS.has(cameBack) ? cameBack : 'failed'}`)));
  }, [cameBack, t]);
  const start = useMutation(trpc.auth.ssoStart.mutationOptions());

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.trim())) {
      setError(t('auth.login.emailInvalid'));
      return;
    }
    try {
      const { url } = await start.mutateAsync({ email: email.trim(), returnTo });
      window.location.assign(url);
    } catch (err) {
      setError(errorMessage(t, err));
    }
  };

  if (!open)
    return (
      <Button variant="default" onClick={() => setOpen(true)} fullWidth>
        {t('auth.sso.continue')}
      </Button>
    );
  return (
    <form onSubmit={submit} noValidate aria-label={t('auth.sso.continue')}>
      <Stack gap="sm">
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextInput
          label={t('auth.sso.email')}
          description={t('auth.sso.hint')}
          type="email"
          autoComplete="username"
          data-autofocus
          autoFocus
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <Button type="submit" variant="default" loading={start.isPending || start.isSuccess} fullWidth>
          {t('auth.sso.continue')}
        </Button>
      </Stack>
    </form>
  );
}

import { useState } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { PasswordField } from '../components/password-field';
import { PasswordChecklist } from '../features/profile/password-checklist';
import { errorMessage, fieldErrorText } from '../lib/errors';
import { trpc } from '../lib/trpc';
import { checkPassword } from '../../server/contracts/password-policy';
import { ErrorAlert } from '../components/status-alerts';
import { AuthCard } from '../components/auth-card';

/**
 * "Choose your password" through a one-time link (an account an admin created without a
 * password). The token is in the URL's fragment, which the browser never sends to a server; it
 * goes only in this page's requests. After success the link is spent and the user signs in.
 */
export default function SetPasswordPage() {
  const { t } = useTranslation();
  const [token] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  const account = useQuery({ ...trpc.auth.passwordLink.queryOptions({ token }), retry: false });
  const policy = useQuery(trpc.auth.passwordPolicy.queryOptions());
  const save = useMutation(trpc.auth.setPasswordWithLink.mutationOptions());
  const [error, setError] = useState<string | null>(null);
  const form = useForm({
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) =>
        v === ''
          ? 'auth.setPassword.passwordRequired'
          : policy.data && checkPassword(v, policy.data).length
            ? 'profile.password.policyNotMet'
            : null,
      confirm: (v, values) => (v !== values.password ? 'auth.setPassword.mismatch' : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    try {
      await save.mutateAsync({ token, password: values.password });
      // the token must not stay in the address bar or the history once spent
      window.history.replaceState(null, '', window.location.pathname);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  });

  return (
    <AuthCard maw={460} title={t('auth.setPassword.title')} documentTitle={t('auth.setPassword.title')}>
      {save.isSuccess ? (
        <>
          <Alert color="green" role="status">
            {t('auth.setPassword.done', { email: save.data.email })}
          </Alert>
          <Button component={Link} href="/login">
            {t('auth.setPassword.signIn')}
          </Button>
        </>
      ) : account.isError ? (
        <>
          <ErrorAlert>{errorMessage(t, account.error)}</ErrorAlert>
          <Button component={Link} href="/login" variant="light">
            {t('auth.google.backToLogin')}
          </Button>
        </>
      ) : account.isPending ? (
        <Text c="dimmed">{t('app.loading')}</Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>{t('auth.setPassword.greeting', { name: account.data.name, email: account.data.email })}</Text>
            {error && <ErrorAlert>{error}</ErrorAlert>}
            {/* the account's e-mail for password managers, which save the pair */}
            <input type="hidden" autoComplete="username" value={account.data.email} readOnly />
            <PasswordField
              label={t('auth.setPassword.password')}
              autoComplete="new-password"
              {...form.getInputProps('password')}
              error={fieldErrorText(t, form.errors.password as string | undefined)}
            />
            {policy.data && <PasswordChecklist policy={policy.data} password={form.values.password} />}
            <PasswordField
              label={t('auth.setPassword.confirm')}
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
              error={fieldErrorText(t, form.errors.confirm as string | undefined)}
            />
            <Button type="submit" loading={save.isPending} fullWidth>
              {t('auth.setPassword.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

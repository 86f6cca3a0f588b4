import { useState } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { PasswordField } from '../../components/password-field';
import { useForm } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { fieldsWithErrors } from '../../lib/form-field';
import { ErrorAlert } from '../../components/status-alerts';

export interface PendingTwoFactor {
  twoFactor: 'verify' | 'enrol';
  challenge: string;
}

/**
 * Email + password sign-in. On success it refreshes `auth.me`; the /login route guard then sends
 * the user to where they were going, or to their home. An account with two-factor sign-in gets a
 * pending sign-in instead, handed to `onTwoFactor` (the page shows the code step). `notice`: why
 * the user is back here (a pending sign-in that expired).
 */
export function LoginForm({
  onTwoFactor,
  notice = null,
}: {
  onTwoFactor: (pending: PendingTwoFactor) => void;
  notice?: string | null;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(notice);
  const login = useMutation(trpc.auth.login.mutationOptions());
  const form = useForm({ initialValues: { email: '', password: '' } });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    // the contract (and zod with it) loads on submit, not with the first paint of /login
    const { loginInput } = await import('../../../server/contracts/auth');
    const fieldErrors = zodResolver(loginInput)(values);
    form.setErrors(fieldErrors);
    if (Object.keys(fieldErrors).length > 0) return;
    try {
      const result = await login.mutateAsync(values);
      if ('twoFactor' in result) return onTwoFactor(result);
      await queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() });
    } catch (e) {
      setError(errorMessage(t, e));
    }
  });

  const fieldError = (key: 'email' | 'password') => fieldErrorText(t, form.errors[key]);

  const field = fieldsWithErrors(form, fieldError);
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <TextInput label={t('auth.login.email')} type="email" autoComplete="username" {...field('email')} />
        <PasswordField label={t('auth.login.password')} autoComplete="current-password" {...field('password')} />
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

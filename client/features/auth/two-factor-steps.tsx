import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/status-alerts';
import { errorInfo, errorMessage } from '../../lib/errors';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';
import { CodeField } from '../two-factor/code-field';
import { useCodeEntry } from '../two-factor/use-code-entry';
import { EnrolDetails } from '../two-factor/enrol-details';
import { RecoveryCodes } from '../two-factor/recovery-codes';

/** The pending sign-in is over (expired, too many wrong codes): back to the password, with why. */
export type Restart = (message: string | null) => void;

const ENDS_PENDING = new Set(['TWO_FACTOR_CHALLENGE_INVALID', 'TWO_FACTOR_ATTEMPTS_EXHAUSTED']);

/** Step two of a password sign-in: the six-digit code from the app, or a recovery code. */
export function TwoFactorVerifyStep({ challenge, onRestart }: { challenge: string; onRestart: Restart }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const entry = useCodeEntry(recovery ? 'recovery' : 'totp');
  const verify = useMutation(trpc.auth.verifyTwoFactor.mutationOptions());

  const submit = async () => {
    const code = entry.checked();
    if (code === null) return;
    setError(null);
    try {
      await verify.mutateAsync({ challenge, code });
      // the /login route guard sends the user on once auth.me knows them
      await queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() });
    } catch (e) {
      if (ENDS_PENDING.has(errorInfo(e).appCode)) return onRestart(errorMessage(t, e));
      setError(errorMessage(t, e));
      entry.reset();
    }
  };

  return (
    <form onSubmit={submitWith(submit)} noValidate aria-labelledby="two-factor-title">
      <Stack>
        <Text fw={600} id="two-factor-title">
          {t('two-factor:signIn.title')}
        </Text>
        <Text size="sm" c="dimmed">
          {recovery ? t('two-factor:signIn.recoveryHelp') : t('two-factor:signIn.codeHelp')}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <CodeField
          key={recovery ? 'recovery' : 'app'}
          inputRef={entry.ref}
          label={recovery ? t('two-factor:signIn.recoveryCode') : t('two-factor:signIn.code')}
          kind={recovery ? 'recovery' : 'totp'}
          value={entry.code}
          onChange={entry.change}
          error={entry.fieldError}
          autoFocus
        />
        <Button type="submit" loading={verify.isPending} fullWidth>
          {t('two-factor:signIn.verify')}
        </Button>
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => {
            setRecovery((r) => !r);
            entry.change('');
            setError(null);
          }}
        >
          {recovery ? t('two-factor:signIn.useApp') : t('two-factor:signIn.useRecovery')}
        </Anchor>
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onRestart(null)}>
          {t('two-factor:signIn.back')}
        </Anchor>
      </Stack>
    </form>
  );
}

/**
 * An admin whose organisation requires two-factor sign-in and who has none yet: sets up the app
 * here (QR code or key, then its first code) before any session exists; then the recovery codes.
 */
export function TwoFactorEnrolStep({ challenge, onRestart }: { challenge: string; onRestart: Restart }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const entry = useCodeEntry('totp');
  const start = useMutation(trpc.auth.startTwoFactorEnrolment.mutationOptions());
  const confirm = useMutation(trpc.auth.confirmTwoFactorEnrolment.mutationOptions());
  const asked = useRef(false);
  const startMutate = start.mutate;

  useEffect(() => {
    // once: each start makes a new secret, and the QR code shown must be the last one
    if (asked.current) return;
    asked.current = true;
    startMutate(
      { challenge },
      { onError: (e) => (ENDS_PENDING.has(errorInfo(e).appCode) ? onRestart(errorMessage(t, e)) : undefined) },
    );
  }, [challenge, startMutate, onRestart, t]);

  const submit = async () => {
    const code = entry.checked();
    if (code === null) return;
    setError(null);
    try {
      setCodes((await confirm.mutateAsync({ challenge, code })).recoveryCodes);
    } catch (e) {
      if (ENDS_PENDING.has(errorInfo(e).appCode)) return onRestart(errorMessage(t, e));
      setError(errorMessage(t, e));
      entry.reset();
    }
  };

  if (codes)
    return (
      <RecoveryCodes
        codes={codes}
        onDone={() => void queryClient.refetchQueries({ queryKey: trpc.auth.me.queryKey() })}
      />
    );

  return (
    <form onSubmit={submitWith(submit)} noValidate aria-labelledby="two-factor-enrol-title">
      <Stack>
        <Text fw={600} id="two-factor-enrol-title">
          {t('two-factor:enrol.title')}
        </Text>
        <Text size="sm">{t('two-factor:enrol.required')}</Text>
        {start.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
        {start.isError && <ErrorAlert>{errorMessage(t, start.error)}</ErrorAlert>}
        {start.data && (
          <>
            <EnrolDetails secret={start.data.secret} qrDataUrl={start.data.qrDataUrl} />
            {error && <ErrorAlert>{error}</ErrorAlert>}
            <CodeField
              inputRef={entry.ref}
              label={t('two-factor:enrol.code')}
              value={entry.code}
              onChange={entry.change}
              error={entry.fieldError}
            />
            <Button type="submit" loading={confirm.isPending} fullWidth>
              {t('two-factor:enrol.confirmSignIn')}
            </Button>
          </>
        )}
        <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => onRestart(null)}>
          {t('two-factor:signIn.back')}
        </Anchor>
      </Stack>
    </form>
  );
}

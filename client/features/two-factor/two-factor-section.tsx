import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/status-alerts';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';
import { CodeField } from './code-field';
import { EnrolDetails } from './enrol-details';
import { RecoveryCodes } from './recovery-codes';
import { useCodeEntry } from './use-code-entry';

type Action = 'regenerate' | 'disable';

/**
 * The profile's "Two-factor sign-in": set up an authenticator app, new recovery codes, turn it off.
 * Accounts without a password (single sign-on) do not see it.
 */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useQuery(trpc.twoFactor.status.queryOptions());
  const [codes, setCodes] = useState<string[] | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.twoFactor.status.queryKey() });

  if (status.data && !status.data.available) return null;
  const s = status.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-section-title">
      <Title order={2} size="h4" mb="sm" id="two-factor-section-title">
        {t('two-factor:profile.title')}
      </Title>
      {status.isPending && <Loader size="sm" aria-label={t('app.loading')} />}
      {status.isError && <ErrorAlert>{errorMessage(t, status.error)}</ErrorAlert>}
      {codes && (
        <RecoveryCodes
          codes={codes}
          doneLabel={t('two-factor:recovery.done')}
          onDone={() => {
            setCodes(null);
            void refresh();
          }}
        />
      )}
      {!codes && s && !s.enabled && (
        <Enrol configured={s.configured} onEnabled={(c) => (setCodes(c), void refresh())} />
      )}
      {!codes && s?.enabled && (
        <Enabled
          enabledAt={s.enabledAt}
          codesLeft={s.recoveryCodesLeft}
          required={s.required}
          onCodes={(c) => (setCodes(c), void refresh())}
          onDisabled={() => void refresh()}
        />
      )}
    </Paper>
  );
}

function Enrol({ configured, onEnabled }: { configured: boolean; onEnabled: (codes: string[]) => void }) {
  const { t } = useTranslation();
  const start = useMutation(trpc.twoFactor.start.mutationOptions());
  const confirm = useMutation(trpc.twoFactor.confirm.mutationOptions());
  const entry = useCodeEntry('totp');
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    const code = entry.checked();
    if (code === null) return;
    setError(null);
    try {
      const { recoveryCodes } = await confirm.mutateAsync({ code });
      notifySuccess(t('two-factor:profile.enabled'));
      start.reset();
      onEnabled(recoveryCodes);
    } catch (e) {
      setError(errorMessage(t, e));
      entry.reset();
    }
  };

  if (!configured)
    return (
      <Alert color="yellow" p="sm">
        {t('errors.TWO_FACTOR_NOT_CONFIGURED')}
      </Alert>
    );
  if (!start.data)
    return (
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('two-factor:profile.off')}</Text>
        {start.isError && <ErrorAlert>{errorMessage(t, start.error)}</ErrorAlert>}
        <Button onClick={() => start.mutate()} loading={start.isPending}>
          {t('two-factor:profile.turnOn')}
        </Button>
      </Stack>
    );
  return (
    <form onSubmit={submitWith(submit)} noValidate>
      <Stack gap="sm">
        <EnrolDetails secret={start.data.secret} qrDataUrl={start.data.qrDataUrl} />
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <CodeField
          inputRef={entry.ref}
          label={t('two-factor:enrol.code')}
          value={entry.code}
          onChange={entry.change}
          error={entry.fieldError}
        />
        <Group>
          <Button type="submit" loading={confirm.isPending}>
            {t('two-factor:enrol.confirm')}
          </Button>
          <Button variant="subtle" onClick={() => start.reset()}>
            {t('two-factor:profile.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Enabled({
  enabledAt,
  codesLeft,
  required,
  onCodes,
  onDisabled,
}: {
  enabledAt: string | null;
  codesLeft: number;
  required: boolean;
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const [action, setAction] = useState<Action | null>(null);
  return (
    <Stack gap="sm">
      <Text size="sm">
        {enabledAt
          ? t('two-factor:profile.onSince', { date: format.date(enabledAt) })
          : t('two-factor:profile.enabled')}
      </Text>
      <Text size="sm" c={codesLeft <= 2 ? 'red' : 'dimmed'}>
        {t('two-factor:profile.codesLeft', { count: codesLeft })}
      </Text>
      {required && (
        <Text size="sm" c="dimmed">
          {t('errors.TWO_FACTOR_REQUIRED')}
        </Text>
      )}
      {action ? (
        <CodeAction
          action={action}
          onCancel={() => setAction(null)}
          onCodes={onCodes}
          onDisabled={() => {
            setAction(null);
            onDisabled();
          }}
        />
      ) : (
        <Group gap="xs">
          <Button variant="light" onClick={() => setAction('regenerate')}>
            {t('two-factor:profile.regenerate')}
          </Button>
          {!required && (
            <Button variant="light" color="red" onClick={() => setAction('disable')}>
              {t('two-factor:profile.disable')}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}

/** New recovery codes or turning it off: both ask for a current code first. */
function CodeAction({
  action,
  onCancel,
  onCodes,
  onDisabled,
}: {
  action: Action;
  onCancel: () => void;
  onCodes: (codes: string[]) => void;
  onDisabled: () => void;
}) {
  const { t } = useTranslation();
  const entry = useCodeEntry('either');
  const [error, setError] = useState<string | null>(null);
  const regenerate = useMutation(trpc.twoFactor.regenerateRecoveryCodes.mutationOptions());
  const disable = useMutation(trpc.twoFactor.disable.mutationOptions());

  const submit = async () => {
    const code = entry.checked();
    if (code === null) return;
    setError(null);
    try {
      if (action === 'regenerate') onCodes((await regenerate.mutateAsync({ code })).recoveryCodes);
      else {
        await disable.mutateAsync({ code });
        notifySuccess(t('two-factor:profile.disabled'));
        onDisabled();
      }
    } catch (e) {
      setError(errorMessage(t, e));
      entry.reset();
    }
  };

  return (
    <form onSubmit={submitWith(submit)} noValidate>
      <Stack gap="sm">
        <Text size="sm">
          {action === 'regenerate' ? t('two-factor:profile.regenerateHelp') : t('two-factor:profile.disableHelp')}
        </Text>
        {error && <ErrorAlert>{error}</ErrorAlert>}
        <CodeField
          inputRef={entry.ref}
          kind="either"
          label={t('two-factor:profile.currentCode')}
          value={entry.code}
          onChange={entry.change}
          error={entry.fieldError}
          autoFocus
        />
        <Group>
          <Button
            type="submit"
            color={action === 'disable' ? 'red' : undefined}
            loading={regenerate.isPending || disable.isPending}
          >
            {action === 'regenerate' ? t('two-factor:profile.regenerate') : t('two-factor:profile.disable')}
          </Button>
          <Button variant="subtle" onClick={onCancel}>
            {t('two-factor:profile.cancel')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

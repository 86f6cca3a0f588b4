import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  NativeSelect,
  PasswordInput,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SsoSettings } from '../../../server/contracts/sso';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CopyIconButton } from '../../components/copy-icon-button';
import { LoadFailedAlert } from '../../components/status-alerts';
import { serverFieldErrors, serverReason, translateMessageKey } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';

const NS = 'identity';
const NEW_ACCOUNT_TYPES = ['user', 'sales_rep', 'facilitator', 'manager', 'demo_manager'] as const;

/** A value to copy into the identity provider or the DNS, with its copy button. */
function CopyValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation(NS);
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</Code>
        <CopyIconButton
          value={value}
          variant="subtle"
          size="sm"
          tip={(copied) => (copied ? t('copied') : t('copy'))}
          label={(copied) => (copied ? t('copied') : t('copyWhat', { what: label }))}
        />
      </Group>
    </Stack>
  );
}

/** Admin → Security: single sign-on with the organisation's OpenID Connect provider, domains and policy. */
export function SsoSection() {
  const { t } = useTranslation(NS);
  const settings = useQuery(trpc.sso.get.queryOptions({}));
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed" maw={720}>
        {t('intro')}
      </Text>
      {settings.isLoading && <Loader aria-label={t('loading')} />}
      {settings.isError && <LoadFailedAlert message={t('loadFailed')} onRetry={() => void settings.refetch()} />}
      {settings.data && (
        <>
          <OidcForm key={JSON.stringify(settings.data.oidc)} settings={settings.data} />
          <Domains settings={settings.data} />
          <Policy key={`${settings.data.requireSso}${settings.data.ssoUserType}`} settings={settings.data} />
        </>
      )}
    </Stack>
  );
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: trpc.sso.get.queryKey({}) });
}

function OidcForm({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation(NS);
  const refresh = useRefresh();
  const [issuer, setIssuer] = useState(settings.oidc.issuer ?? '');
  const [clientId, setClientId] = useState(settings.oidc.clientId ?? '');
  const [secret, setSecret] = useState('');
  const [enabled, setEnabled] = useState(settings.oidc.enabled);
  const save = useMutation(
    trpc.sso.updateOidc.mutationOptions({
      onSuccess: () => {
        setSecret('');
        void refresh();
        notifySuccess(t('oidc.saved'));
      },
    }),
  );
  const errors = save.isError ? (serverFieldErrors(save.error) ?? {}) : {};
  const err = (f: string) => (errors[f] ? translateMessageKey(t, errors[f]) : undefined);
  return (
    <form
      noValidate
      aria-labelledby="sso-oidc-title"
      onSubmit={submitWith(() =>
        save.mutate({ issuer, oidcClientId: clientId, clientSecret: secret || undefined, enabled }),
      )}
    >
      <Stack maw={720}>
        <Title order={3} size="h4" id="sso-oidc-title">
          {t('oidc.title')}
        </Title>
        <CopyValue label={t('oidc.redirectUri')} value={settings.redirectUri} />
        {!settings.canKeepSecrets && (
          <Alert color="yellow" title={t('oidc.noKeyTitle')}>
            {t('oidc.noKey')}
          </Alert>
        )}
        <TextInput
          label={t('oidc.issuer')}
          description={t('oidc.issuerHelp')}
          placeholder="https://example.okta.com"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          error={err('issuer')}
          required
        />
        <TextInput
          label={t('oidc.clientId')}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          error={err('oidcClientId')}
          required
        />
        <PasswordInput
          label={t('oidc.clientSecret')}
          description={settings.oidc.hasSecret ? t('oidc.secretKept') : t('oidc.secretHelp')}
          value={secret}
          autoComplete="off"
          onChange={(e) => setSecret(e.currentTarget.value)}
          error={err('clientSecret')}
        />
        <Switch label={t('oidc.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
        {save.isError && !Object.keys(errors).length && (
          <Alert color="red" role="alert">
            {serverReason(t, save.error)}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('oidc.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Domains({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation(NS);
  const refresh = useRefresh();
  const [domain, setDomain] = useState('');
  const [removing, setRemoving] = useState<{ id: string; domain: string } | null>(null);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const add = useMutation(
    trpc.sso.addDomain.mutationOptions({
      onSuccess: () => {
        setDomain('');
        void refresh();
      },
    }),
  );
  const verify = useMutation(
    trpc.sso.verifyDomain.mutationOptions({
      onSuccess: (r, v) => {
        setChecked((c) => ({ ...c, [v.id]: r.verified }));
        void refresh();
      },
      onError: (e) => notifyFailure(t, t('domains.verifyFailed'), e),
    }),
  );
  const remove = useMutation(
    trpc.sso.removeDomain.mutationOptions({
      onSuccess: () => {
        setRemoving(null);
        void refresh();
      },
    }),
  );
  const addError = add.isError ? serverReason(t, add.error) : undefined;
  return (
    <Stack maw={720}>
      <Title order={3} size="h4">
        {t('domains.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('domains.intro')}
      </Text>
      {settings.domains.length > 0 && (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('domains.domain')}</Table.Th>
                <Table.Th>{t('domains.status')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('domains.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {settings.domains.map((d) => (
                <Table.Tr key={d.id}>
                  <Table.Td style={{ wordBreak: 'break-word' }}>
                    <Stack gap="xs">
                      <Text fw={500}>{d.domain}</Text>
                      {!d.verified && (
                        <>
                          <CopyValue label={t('domains.recordName')} value={d.record.name} />
                          <CopyValue label={t('domains.recordValue')} value={d.record.value} />
                          {checked[d.id] === false && (
                            <Text size="sm" c="red" role="status">
                              {t('domains.notFound')}
                            </Text>
                          )}
                        </>
                      )}
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={d.verified ? 'green' : 'gray'} variant="light">
                      {d.verified ? t('domains.verified') : t('domains.pending')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Group gap="xs" justify="flex-end" wrap="wrap">
                      {!d.verified && (
                        <Button
                          size="xs"
                          variant="light"
                          loading={verify.isPending && verify.variables?.id === d.id}
                          onClick={() => verify.mutate({ id: d.id })}
                        >
                          {t('domains.verify')}
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => setRemoving({ id: d.id, domain: d.domain })}
                        aria-label={t('domains.removeWhat', { domain: d.domain })}
                      >
                        {t('domains.remove')}
                      </Button>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <form noValidate onSubmit={submitWith(() => add.mutate({ domain }))}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('domains.add')}
            placeholder="example.com"
            value={domain}
            onChange={(e) => setDomain(e.currentTarget.value)}
            error={addError}
            style={{ flex: '1 1 220px' }}
          />
          <Button type="submit" variant="default" loading={add.isPending}>
            {t('domains.addButton')}
          </Button>
        </Group>
      </form>
      <ConfirmDeleteDialog
        opened={!!removing}
        title={t('domains.removeTitle')}
        message={t('domains.removeMessage', { domain: removing?.domain ?? '' })}
        cancelLabel={t('cancel')}
        submitLabel={t('domains.remove')}
        pending={remove.isPending}
        error={remove.isError ? serverReason(t, remove.error) : null}
        onCancel={() => {
          setRemoving(null);
          remove.reset();
        }}
        onConfirm={() => removing && remove.mutate({ id: removing.id })}
      />
    </Stack>
  );
}

function Policy({ settings }: { settings: SsoSettings }) {
  const { t } = useTranslation(NS);
  const { t: tu } = useTranslation('users');
  const refresh = useRefresh();
  const [requireSso, setRequireSso] = useState(settings.requireSso);
  const [userType, setUserType] = useState(settings.ssoUserType);
  const save = useMutation(
    trpc.sso.updatePolicy.mutationOptions({
      onSuccess: () => {
        void refresh();
        notifySuccess(t('policy.saved'));
      },
    }),
  );
  return (
    <form
      noValidate
      onSubmit={submitWith(() =>
        save.mutate({ requireSso, ssoUserType: userType as (typeof NEW_ACCOUNT_TYPES)[number] }),
      )}
    >
      <Stack maw={720}>
        <Title order={3} size="h4">
          {t('policy.title')}
        </Title>
        <NativeSelect
          label={t('policy.userType')}
          description={t('policy.userTypeHelp')}
          value={userType}
          onChange={(e) => setUserType(e.currentTarget.value)}
          data={NEW_ACCOUNT_TYPES.map((v) => ({ value: v, label: tu(`types.${v}`) }))}
        />
        <Switch
          label={t('policy.requireSso')}
          description={t('policy.requireSsoHelp')}
          checked={requireSso}
          onChange={(e) => setRequireSso(e.currentTarget.checked)}
        />
        {save.isError && (
          <Alert color="red" role="alert">
            {serverReason(t, save.error)}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={requireSso === settings.requireSso && userType === settings.ssoUserType}
          >
            {t('policy.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

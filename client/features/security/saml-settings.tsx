import {
  Alert,
  Button,
  FileButton,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconRefresh, IconUpload } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SamlSettings as SamlSettingsView } from '../../../server/contracts/sso-saml';
import { CopyIconButton } from '../../components/copy-icon-button';
import { LoadFailedAlert } from '../../components/status-alerts';
import { errorInfo, errorMessage, serverFieldErrors, translateMessageKey } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';

/** The single sign-on texts, with the common ones (app.*, errors.*) as fallback. */
const useSsoT = () => useTranslation(['sso', 'common'], { nsMode: 'fallback' });

/**
 * Admin → Security: the tenant's SAML identity provider. The admin copies Spar's addresses into
 * the IdP, gives the IdP's metadata (a file, a paste or its URL) and turns sign-in on; what Spar
 * understood from the metadata (its entity id, the certificate's expiry) is shown back.
 */
export function SamlSettings() {
  const { t } = useSsoT();
  const settings = useQuery(trpc.ssoSaml.get.queryOptions());
  return (
    <Stack>
      {settings.isLoading && <Loader aria-label={t('app.loading')} />}
      {settings.isError && <LoadFailedAlert message={t('saml.loadFailed')} onRetry={() => void settings.refetch()} />}
      {settings.data && <SamlForm key={settings.data.metadataUrl ?? 'xml'} current={settings.data} />}
    </Stack>
  );
}

/** What the server said was wrong: the metadata's reason, a field's message, or the error itself. */
function failureText(t: ReturnType<typeof useSsoT>['t'], error: unknown): string {
  const reason = errorInfo(error).details?.reason;
  if (typeof reason === 'string') return translateMessageKey(t, reason);
  const fields = serverFieldErrors(error);
  const first = fields ? Object.values(fields)[0] : undefined;
  return first ? translateMessageKey(t, first) : errorMessage(t, error);
}

function SamlForm({ current }: { current: SamlSettingsView }) {
  const { t } = useSsoT();
  const format = useFormat();
  const queryClient = useQueryClient();
  const [source, setSource] = useState<'xml' | 'url'>(current.metadataUrl ? 'url' : 'xml');
  const [xml, setXml] = useState('');
  const [url, setUrl] = useState(current.metadataUrl ?? '');
  const [enabled, setEnabled] = useState(current.enabled);
  const [failure, setFailure] = useState<string | null>(null);
  const saved = (next: SamlSettingsView) => {
    setFailure(null);
    setXml('');
    queryClient.setQueryData(trpc.ssoSaml.get.queryKey(), next);
    notifySuccess(t('saml.saved'));
  };
  const save = useMutation(
    trpc.ssoSaml.update.mutationOptions({ onSuccess: saved, onError: (e) => setFailure(failureText(t, e)) }),
  );
  const refresh = useMutation(
    trpc.ssoSaml.refreshMetadata.mutationOptions({ onSuccess: saved, onError: (e) => setFailure(failureText(t, e)) }),
  );
  const submit = () => {
    const metadata =
      source === 'xml'
        ? xml.trim()
          ? { metadataXml: xml }
          : {}
        : url.trim() !== (current.metadataUrl ?? '')
          ? { metadataUrl: url.trim() }
          : {};
    save.mutate({ enabled, ...metadata });
  };
  const readFile = (file: File | null) => void file?.text().then(setXml);
  const spRows = [
    { key: 'metadataUrl', value: current.sp.metadataUrl },
    { key: 'entityId', value: current.sp.entityId },
    { key: 'acsUrl', value: current.sp.acsUrl },
  ] as const;

  return (
    <form noValidate onSubmit={submitWith(submit)}>
      <Stack maw={720}>
        <Text size="sm">{t('saml.intro')}</Text>
        {spRows.map((row) => (
          <Group key={row.key} gap="xs" wrap="nowrap" align="end">
            <TextInput
              label={t(`saml.sp.${row.key}`)}
              value={row.value}
              readOnly
              style={{ flex: 1 }}
              data-testid={`saml-sp-${row.key}`}
            />
            <CopyIconButton
              value={row.value}
              variant="subtle"
              tip={(copied) => (copied ? t('saml.copied') : t('saml.copy'))}
              label={(copied) => (copied ? t('saml.copied') : t('saml.copyLabel', { what: t(`saml.sp.${row.key}`) }))}
            />
          </Group>
        ))}

        <SegmentedControl
          value={source}
          onChange={(v) => setSource(v === 'url' ? 'url' : 'xml')}
          data={[
            { value: 'xml', label: t('saml.source.xml') },
            { value: 'url', label: t('saml.source.url') },
          ]}
          aria-label={t('saml.source.label')}
        />
        {source === 'xml' ? (
          <Stack gap="xs">
            <Textarea
              label={t('saml.metadataXml')}
              description={t('saml.metadataXmlHelp')}
              value={xml}
              onChange={(e) => setXml(e.currentTarget.value)}
              autosize
              minRows={4}
              maxRows={12}
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group>
              <FileButton onChange={readFile} accept=".xml,application/xml,text/xml,application/samlmetadata+xml">
                {(props) => (
                  <Button {...props} variant="light" leftSection={<IconUpload size={16} aria-hidden />}>
                    {t('saml.uploadFile')}
                  </Button>
                )}
              </FileButton>
            </Group>
          </Stack>
        ) : (
          <Group gap="xs" align="end" wrap="nowrap">
            <TextInput
              label={t('saml.metadataUrl')}
              description={t('saml.metadataUrlHelp')}
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
              style={{ flex: 1 }}
            />
            {current.metadataUrl && (
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={refresh.isPending}
                onClick={() => refresh.mutate()}
              >
                {t('saml.refresh')}
              </Button>
            )}
          </Group>
        )}

        {current.idp ? (
          <Alert color="blue" title={t('saml.understood.title')}>
            <Stack gap={4}>
              <Text size="sm">{t('saml.understood.entityId', { value: current.idp.entityId })}</Text>
              <Text size="sm">{t('saml.understood.ssoUrl', { value: current.idp.ssoUrl })}</Text>
              <Text size="sm">
                {t('saml.understood.certificateExpires', { date: format.date(current.idp.certificateExpiresAt) })}
              </Text>
            </Stack>
          </Alert>
        ) : (
          <Text size="sm" c="dimmed">
            {t('saml.noMetadata')}
          </Text>
        )}

        <Switch
          label={t('saml.enabled')}
          description={t('saml.enabledHelp')}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        {failure && (
          <Alert color="red" title={t('saml.saveFailed')} role="alert">
            {failure}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t('saml.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

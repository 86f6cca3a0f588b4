import { Alert, Badge, Button, Code, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createScimTokenInput, type ScimTokenView } from '../../../server/contracts/scim';
import { AppModal } from '../../components/app-modal';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CopyIconButton } from '../../components/copy-icon-button';
import { ListTable } from '../../components/list-states';
import { ModalFooter } from '../../components/modal-footer';
import { NameText } from '../../components/name-text';
import { PanelIntro } from '../../components/panel-intro';
import { ErrorAlert } from '../../components/status-alerts';
import { errorMessage, translateMessageKey } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';
import { useConfirmTarget } from '../../lib/use-confirm-target';
import { SecretReveal } from '../assessments/secret-reveal';
import { ScimGroups } from './scim-groups';
import { useScimT } from './use-scim-t';
import { WithScreenTexts } from '../i18n/screen-texts';

/**
 * Admin → Provisioning (SCIM): where the identity provider sends its requests, its bearer tokens
 * (made here and shown once, revoked after a confirmation) and what each pushed group means.
 */
/** Admin → Provisioning (SCIM), with its texts. */
export function ScimSection() {
  return (
    <WithScreenTexts namespaces={['scim']}>
      <ScimSectionContent />
    </WithScreenTexts>
  );
}

function ScimSectionContent() {
  const { t } = useScimT();
  const info = useQuery(trpc.scim.info.queryOptions());
  return (
    <Stack gap="xl">
      <Stack gap="xs">
        <PanelIntro intro={t('intro')} />
        <Text size="sm" fw={600}>
          {t('baseUrl')}
        </Text>
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <Code block style={{ flex: 1, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} data-testid="scim-base-url">
            {info.data?.baseUrl ?? '…'}
          </Code>
          {info.data && (
            <CopyIconButton
              value={info.data.baseUrl}
              tip={(copied) => (copied ? t('copied') : t('copyUrl'))}
              variant="light"
            />
          )}
        </Group>
      </Stack>
      <ScimTokens />
      <ScimGroups />
    </Stack>
  );
}

function ScimTokens() {
  const { t } = useScimT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.scim.tokens.queryOptions());
  const [creating, setCreating] = useState(false);
  const revoking = useConfirmTarget<ScimTokenView>();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.scim.tokens.queryKey() });
  const revoke = useMutation(
    trpc.scim.revokeToken.mutationOptions({ onSuccess: revoking.succeeded(t('tokens.revoked'), invalidate) }),
  );
  return (
    <Stack>
      <Title order={3} size="h4">
        {t('tokens.title')}
      </Title>
      <PanelIntro intro={t('tokens.intro')}>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setCreating(true)}>
          {t('tokens.create')}
        </Button>
      </PanelIntro>
      <ListTable
        query={tokens}
        items={tokens.data}
        text={(key) => t(`tokens.${key}`)}
        minWidth={720}
        striped
        columns={['name', 'prefix', 'created', 'lastUsed', 'status', 'actions'].map((c) => t(`tokens.${c}`))}
      >
        {(k) => (
          <Table.Tr key={k.id} data-testid="scim-token-row">
            <Table.Td maw={240}>
              <NameText>{k.name}</NameText>
            </Table.Td>
            <Table.Td>
              <Text ff="monospace" size="sm">{`scim_${k.prefix}_…`}</Text>
            </Table.Td>
            <Table.Td>
              {f.date(k.createdAt)}
              {k.createdByName ? (
                <Text size="xs" c="dimmed">
                  {k.createdByName}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{k.lastUsedAt ? f.dateTime(k.lastUsedAt) : t('tokens.never')}</Table.Td>
            <Table.Td>
              <Badge color={k.revokedAt ? 'gray' : 'green'} variant="light">
                {t(k.revokedAt ? 'tokens.statusRevoked' : 'tokens.statusActive')}
              </Badge>
            </Table.Td>
            <Table.Td>
              {!k.revokedAt && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => revoking.ask(k)}
                  aria-label={t('tokens.revokeNamed', { name: k.name })}
                >
                  {t('tokens.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      <CreateTokenModal opened={creating} onClose={() => setCreating(false)} onCreated={invalidate} />
      <ConfirmDeleteDialog
        {...revoking.dialog(revoke)}
        title={t('tokens.revokeTitle')}
        message={t('tokens.revokeMessage', { name: revoking.target?.name ?? '' })}
        note={t('tokens.revokeWarning')}
        cancelLabel={t('app.cancel')}
        submitLabel={t('tokens.revoke')}
        error={revoke.isError ? `${t('tokens.revokeFailed')}: ${errorMessage(t, revoke.error)}` : null}
        onConfirm={() => revoking.target && revoke.mutate({ tokenId: revoking.target.id })}
      />
    </Stack>
  );
}

function CreateTokenModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => Promise<unknown>;
}) {
  const { t } = useScimT();
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const create = useMutation(
    trpc.scim.createToken.mutationOptions({
      onSuccess: async (r) => {
        setMade(r.secret);
        await onCreated();
      },
      onError: (e) => notifyFailure(t, t('tokens.createFailed'), e),
    }),
  );
  const close = () => {
    // the token leaves the page with the modal: it is never shown again
    setMade(null);
    setName('');
    setFieldError(null);
    create.reset();
    onClose();
  };
  const submit = () => {
    const parsed = createScimTokenInput.safeParse({ name });
    if (!parsed.success) return setFieldError(translateMessageKey(t, parsed.error.issues[0].message));
    setFieldError(null);
    create.mutate(parsed.data);
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={made ? t('tokens.createdTitle') : t('tokens.create')}
      centered
      size="lg"
    >
      {made ? (
        <Stack>
          <SecretReveal label={t('tokens.yourToken')} value={made} testId="new-scim-token" />
          <Alert color="blue" variant="light">
            {t('tokens.howToUse')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>{t('tokens.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submitWith(submit)}>
          <Stack>
            <TextInput
              label={t('tokens.name')}
              description={t('tokens.nameHint')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldError}
              required
              data-autofocus
            />
            {create.isError && <ErrorAlert>{t('tokens.createFailed')}</ErrorAlert>}
            <ModalFooter
              cancelLabel={t('app.cancel')}
              onCancel={close}
              confirmLabel={t('tokens.create')}
              loading={create.isPending}
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

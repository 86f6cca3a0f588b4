import { Badge, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { IconKey } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useAssessmentsT } from './use-assessments-t';
import { generateApiKeyInput, type ApiKeyView } from '../../../server/contracts/api-keys';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { NameText } from '../../components/name-text';
import { errorMessage, translateMessageKey } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifyFailure } from '../../lib/notify';
import { useConfirmTarget } from '../../lib/use-confirm-target';
import { trpc } from '../../lib/trpc';
import { SecretReveal } from './secret-reveal';
import { ListTable } from '../../components/list-states';
import { submitWith } from '../../lib/submit';
import { PanelIntro } from '../../components/panel-intro';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

/** API keys of the Assessments settings screen: generate (shown once), list, revoke (irreversible, confirmed). */
export function ApiKeysPanel() {
  const { t } = useAssessmentsT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  const [generating, setGenerating] = useState(false);
  const revoking = useConfirmTarget<ApiKeyView>();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({ onSuccess: revoking.succeeded(t('keys.revoked'), invalidate) }),
  );

  return (
    <Stack>
      <PanelIntro intro={t('keys.intro')}>
        <Button leftSection={<IconKey size={16} aria-hidden />} onClick={() => setGenerating(true)}>
          {t('keys.generate')}
        </Button>
      </PanelIntro>
      <ListTable
        query={keys}
        items={keys.data}
        text={(key) => t(`keys.${key}`)}
        loadingLabel={t('keys.loading')}
        minWidth={720}
        striped
        highlightOnHover
        columns={['prefix', 'integration', 'status', 'created', 'lastUsed', 'actions'].map((c) => t(`keys.${c}`))}
      >
        {(k) => (
          <Table.Tr key={k.id} data-testid="api-key-row">
            <Table.Td>
              <Text ff="monospace" size="sm">{`spar_${k.prefix}_…`}</Text>
            </Table.Td>
            <Table.Td maw={260}>
              <NameText>{k.integration}</NameText>
            </Table.Td>
            <Table.Td>
              <Badge color={k.status === 'active' ? 'green' : 'gray'} variant="light">
                {t(`keys.statuses.${k.status}`)}
              </Badge>
            </Table.Td>
            <Table.Td>{f.date(k.createdAt)}</Table.Td>
            <Table.Td>{k.lastUsedAt ? f.dateTime(k.lastUsedAt) : t('keys.never')}</Table.Td>
            <Table.Td>
              {k.status === 'active' && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => revoking.ask(k)}
                  aria-label={t('keys.revokeNamed', { name: k.integration })}
                >
                  {t('keys.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      <GenerateKeyModal opened={generating} onClose={() => setGenerating(false)} onGenerated={invalidate} />
      <ConfirmDeleteDialog
        {...revoking.dialog(revoke)}
        title={t('keys.revokeTitle')}
        message={t('keys.revokeMessage', {
          name: revoking.target?.integration ?? '',
          prefix: revoking.target?.prefix ?? '',
        })}
        note={t('keys.revokeWarning')}
        cancelLabel={t('app.cancel')}
        submitLabel={t('keys.revoke')}
        error={revoke.isError ? `${t('keys.revokeFailed')}: ${errorMessage(t, revoke.error)}` : null}
        onConfirm={() => revoking.target && revoke.mutate({ apiKeyId: revoking.target.id })}
      />
    </Stack>
  );
}

function GenerateKeyModal({
  opened,
  onClose,
  onGenerated,
}: {
  opened: boolean;
  onClose: () => void;
  onGenerated: () => Promise<unknown>;
}) {
  const { t } = useAssessmentsT();
  const [integration, setIntegration] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [made, setMade] = useState<string | null>(null);
  const generate = useMutation(
    trpc.apiKeys.generate.mutationOptions({
      onSuccess: async (r) => {
        setMade(r.key);
        await onGenerated();
      },
      onError: (e) => notifyFailure(t, t('keys.generateFailed'), e),
    }),
  );
  const close = () => {
    // the key leaves the page with the modal: it is never shown again
    setMade(null);
    setIntegration('');
    setFieldError(null);
    generate.reset();
    onClose();
  };
  const submit = () => {
    const parsed = generateApiKeyInput.safeParse({ integration });
    if (!parsed.success) return setFieldError(translateMessageKey(t, parsed.error.issues[0].message));
    setFieldError(null);
    generate.mutate(parsed.data);
  };
  return (
    <AppModal
      opened={opened}
      onClose={close}
      title={made ? t('keys.generatedTitle') : t('keys.generate')}
      centered
      size="lg"
    >
      {made ? (
        <Stack>
          <SecretReveal label={t('keys.yourKey')} value={made} testId="new-api-key" />
          <Group justify="flex-end">
            <Button onClick={close}>{t('keys.done')}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submitWith(submit)}>
          <Stack>
            <TextInput
              label={t('keys.integration')}
              description={t('keys.integrationHint')}
              value={integration}
              onChange={(e) => setIntegration(e.currentTarget.value)}
              error={fieldError}
              required
              data-autofocus
            />
            {generate.isError && <ErrorAlert>{t('keys.generateFailed')}</ErrorAlert>}
            <ModalFooter
              cancelLabel={t('app.cancel')}
              onCancel={close}
              confirmLabel={t('keys.generate')}
              loading={generate.isPending}
            />
          </Stack>
        </form>
      )}
    </AppModal>
  );
}

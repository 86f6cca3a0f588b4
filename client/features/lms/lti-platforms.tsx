import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  createLtiPlatformInput,
  LTI_USER_TYPES,
  type LtiPlatformInput,
  type LtiPlatformView,
} from '../../../server/contracts/lti';
import { AppModal } from '../../components/app-modal';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { CopyIconButton } from '../../components/copy-icon-button';
import { ModalFooter } from '../../components/modal-footer';
import { PanelIntro } from '../../components/panel-intro';
import { ErrorAlert, LoadFailedAlert } from '../../components/status-alerts';
import { errorMessage, serverFieldErrors, translateMessageKey } from '../../lib/errors';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { submitWith } from '../../lib/submit';
import { trpc } from '../../lib/trpc';
import { useConfirmTarget } from '../../lib/use-confirm-target';
import { WithScreenTexts } from '../i18n/screen-texts';

/** The LTI texts, with the common ones (app.*, errors.*) as fallback. */
const useLtiT = () => useTranslation(['lti', 'common'], { nsMode: 'fallback' });

/**
 * Admin → LMS: the tenant's LTI 1.3 platforms. The admin copies Spar's addresses into the LMS,
 * registers what the LMS gives back (issuer, client id, deployments, endpoints), chooses the type
 * of accounts a first launch makes, and edits, disables or deletes a registration.
 */
export function LtiPlatformsSection() {
  return (
    <WithScreenTexts namespaces={['lti']}>
      <LtiPlatformsContent />
    </WithScreenTexts>
  );
}

function CopyRow({ label, value, testId }: { label: string; value: string; testId: string }) {
  const { t } = useLtiT();
  return (
    <Group gap="xs" wrap="nowrap" align="end">
      <TextInput label={label} value={value} readOnly style={{ flex: 1 }} data-testid={testId} />
      <CopyIconButton
        value={value}
        variant="subtle"
        tip={(copied) => (copied ? t('tool.copied') : t('tool.copy'))}
        label={(copied) => (copied ? t('tool.copied') : t('tool.copyLabel', { what: label }))}
      />
    </Group>
  );
}

function LtiPlatformsContent() {
  const { t } = useLtiT();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.lti.list.queryOptions());
  const [editing, setEditing] = useState<LtiPlatformView | 'new' | null>(null);
  const deleting = useConfirmTarget<LtiPlatformView>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.lti.list.queryKey() });
  const remove = useMutation(
    trpc.lti.delete.mutationOptions({ onSuccess: deleting.succeeded(t('confirm.deleted'), refresh) }),
  );
  const toggle = useMutation(
    trpc.lti.setEnabled.mutationOptions({
      onSuccess: async (p) => {
        notifySuccess(t(p.disabledAt ? 'confirm.disabled' : 'confirm.enabled'));
        await refresh();
      },
      onError: (e) => notifyFailure(t, t('form.save'), e),
    }),
  );

  return (
    <Stack gap="lg" data-testid="lti-platforms">
      <Title order={3} size="h4">
        {t('section.title')}
      </Title>
      <PanelIntro intro={t('section.intro')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('section.add')}
        </Button>
      </PanelIntro>
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('section.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data && (
        <>
          <Stack gap="xs" maw={760}>
            <Text fw={600} size="sm">
              {t('tool.title')}
            </Text>
            <Text size="sm" c="dimmed">
              {t('tool.help')}
            </Text>
            <CopyRow label={t('tool.launchUrl')} value={list.data.tool.launchUrl} testId="lti-launch-url" />
            <CopyRow
              label={t('tool.deepLinkingUrl')}
              value={list.data.tool.deepLinkingUrl}
              testId="lti-deep-linking-url"
            />
            <CopyRow label={t('tool.jwksUrl')} value={list.data.tool.jwksUrl} testId="lti-jwks-url" />
          </Stack>
          {list.data.platforms.length === 0 && <Text c="dimmed">{t('section.empty')}</Text>}
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            {list.data.platforms.map((p) => (
              <Card key={p.id} withBorder padding="md" data-testid="lti-platform">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {p.name}
                    </Text>
                    <Badge color={p.disabledAt ? 'gray' : 'green'} variant="light">
                      {t(p.disabledAt ? 'platform.disabled' : 'platform.enabled')}
                    </Badge>
                  </Group>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('platform.issuer')}: {p.issuer}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('platform.clientId')}: {p.clientId}
                  </Text>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {t('platform.deployments')}: {p.deploymentIds.join(', ')}
                  </Text>
                  <Text size="sm">
                    {t('platform.userType')}: {t(`userTypes.${p.userType}`)}
                  </Text>
                  <CopyRow label={t('tool.loginUrl')} value={p.loginUrl} testId="lti-login-url" />
                  <Group gap="xs" aria-label={t('platform.actions', { name: p.name })}>
                    <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                      {t('platform.edit')}
                    </Button>
                    <Button
                      size="xs"
                      variant="light"
                      color={p.disabledAt ? 'green' : 'gray'}
                      loading={toggle.isPending && toggle.variables?.platformId === p.id}
                      onClick={() => toggle.mutate({ platformId: p.id, enabled: Boolean(p.disabledAt) })}
                    >
                      {t(p.disabledAt ? 'platform.enable' : 'platform.disable')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => deleting.ask(p)}>
                      {t('platform.delete')}
                    </Button>
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        </>
      )}
      {editing && (
        <PlatformModal
          current={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={refresh}
        />
      )}
      <ConfirmDeleteDialog
        {...deleting.dialog(remove)}
        title={t('confirm.deleteTitle', { name: deleting.target?.name ?? '' })}
        message={t('confirm.deleteBody')}
        cancelLabel={t('form.cancel')}
        submitLabel={t('confirm.deleteConfirm')}
        error={remove.isError ? errorMessage(t, remove.error) : null}
        onConfirm={() => deleting.target && remove.mutate({ platformId: deleting.target.id })}
      />
    </Stack>
  );
}

type FormValues = Omit<LtiPlatformInput, 'deploymentIds'> & { deploymentIds: string };
const FIELDS = ['name', 'issuer', 'clientId', 'deploymentIds', 'authLoginUrl', 'accessTokenUrl', 'jwksUrl'] as const;

function PlatformModal({
  current,
  onClose,
  onSaved,
}: {
  current: LtiPlatformView | null;
  onClose: () => void;
  onSaved: () => Promise<unknown>;
}) {
  const { t } = useLtiT();
  const [values, setValues] = useState<FormValues>({
    name: current?.name ?? '',
    issuer: current?.issuer ?? '',
    clientId: current?.clientId ?? '',
    deploymentIds: current?.deploymentIds.join('\n') ?? '',
    authLoginUrl: current?.authLoginUrl ?? '',
    accessTokenUrl: current?.accessTokenUrl ?? '',
    jwksUrl: current?.jwksUrl ?? '',
    userType: current?.userType ?? 'sales_rep',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const onError = (e: unknown) => {
    const fields = serverFieldErrors(e);
    if (fields) setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, translateMessageKey(t, v)])));
    else setFailure(errorMessage(t, e));
  };
  const done = async (message: string) => {
    notifySuccess(message);
    await onSaved();
    onClose();
  };
  const create = useMutation(trpc.lti.create.mutationOptions({ onSuccess: () => done(t('form.created')), onError }));
  const update = useMutation(trpc.lti.update.mutationOptions({ onSuccess: () => done(t('form.saved')), onError }));
  const set = (field: keyof FormValues) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = () => {
    setFailure(null);
    const parsed = createLtiPlatformInput.safeParse({
      ...values,
      deploymentIds: values.deploymentIds
        .split(/[\n,]/)
        .map((s) => s.trim())
        .filter(Boolean),
    });
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        next[field] ??= translateMessageKey(t, issue.message);
      }
      return setErrors(next);
    }
    setErrors({});
    if (current) update.mutate({ platformId: current.id, ...parsed.data });
    else create.mutate(parsed.data);
  };
  const pending = create.isPending || update.isPending;
  return (
    <AppModal
      opened
      onClose={() => !pending && onClose()}
      title={current ? t('form.editTitle', { name: current.name }) : t('form.createTitle')}
      size="lg"
      centered
    >
      <form noValidate onSubmit={submitWith(submit)}>
        <Stack>
          {FIELDS.map((field) =>
            field === 'deploymentIds' ? (
              <Textarea
                key={field}
                label={t('form.deploymentIds')}
                description={t('form.deploymentIdsHelp')}
                value={values.deploymentIds}
                onChange={(e) => set(field)(e.currentTarget.value)}
                error={errors[field]}
                autosize
                minRows={2}
                required
              />
            ) : (
              <TextInput
                key={field}
                label={t(`form.${field}`)}
                description={field === 'name' ? undefined : t(`form.${field}Help`)}
                placeholder={field === 'name' ? t('form.namePlaceholder') : undefined}
                value={values[field]}
                onChange={(e) => set(field)(e.currentTarget.value)}
                error={errors[field]}
                required
                data-autofocus={field === 'name' || undefined}
              />
            ),
          )}
          <Select
            label={t('form.userType')}
            description={t('form.userTypeHelp')}
            data={LTI_USER_TYPES.map((u) => ({ value: u, label: t(`userTypes.${u}`) }))}
            value={values.userType}
            onChange={(v) => v && setValues((cur) => ({ ...cur, userType: v as FormValues['userType'] }))}
            error={errors.userType}
            allowDeselect={false}
            required
          />
          {failure && <ErrorAlert>{failure}</ErrorAlert>}
          <ModalFooter
            cancelLabel={t('form.cancel')}
            onCancel={onClose}
            confirmLabel={t('form.save')}
            loading={pending}
          />
        </Stack>
      </form>
    </AppModal>
  );
}

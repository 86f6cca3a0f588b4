import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Pagination,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../server/contracts/enums';
import { createWebhookInput, type WebhookEndpointView } from '../../../server/contracts/webhooks';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { LoadFailedAlert, ErrorAlert } from '../../components/status-alerts';
import { errorMessage, issueMessages } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { SecretReveal } from './secret-reveal';
import { useAssessmentsT } from './use-assessments-t';
import { DataTable } from '../../components/data-table';
import { ListTable } from '../../components/list-states';
import { submitWith } from '../../lib/submit';
import { PanelIntro } from '../../components/panel-intro';
import { FormModal } from '../../components/modal-footer';
import { pageCount } from '../assignments/paging';

/** A delivery's badge colour by its status; the ones still on their way are gray. */
const DELIVERY_COLOR: Partial<Record<string, string>> = { succeeded: 'green', dead: 'red', failed: 'orange' };

type Editing = { mode: 'create' } | { mode: 'edit'; endpoint: WebhookEndpointView };

/** Webhook endpoints (Standard Webhooks): add, edit, rotate the secret, delete, enable, and each one's delivery log. */
export function WebhooksPanel() {
  const { t } = useAssessmentsT();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.webhooks.list.queryOptions());
  const [editing, setEditing] = useState<Editing | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ kind: 'delete' | 'rotate'; endpoint: WebhookEndpointView } | null>(null);
  const [log, setLog] = useState<WebhookEndpointView | null>(null);
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey() });
  const remove = useMutation(
    trpc.webhooks.delete.mutationOptions({
      onSuccess: async () => (setConfirm(null), notifySuccess(t('webhooks.deleted')), await invalidate()),
    }),
  );
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: async (r) => (setConfirm(null), setSecret(r.secret), await invalidate()),
    }),
  );
  const enable = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => (notifySuccess(t('webhooks.enabled')), await invalidate()),
      onError: (e) => notifyFailure(t, t('webhooks.saveFailed'), e),
    }),
  );
  const pending = confirm?.kind === 'delete' ? remove : rotate;

  return (
    <Stack>
      <PanelIntro intro={t('webhooks.intro')}>
        <Button leftSection={<IconWebhook size={16} aria-hidden />} onClick={() => setEditing({ mode: 'create' })}>
          {t('webhooks.add')}
        </Button>
      </PanelIntro>
      {secret && (
        <Alert color="green" withCloseButton onClose={() => setSecret(null)} closeButtonLabel={t('app.close')}>
          <SecretReveal label={t('webhooks.secret')} value={secret} testId="webhook-secret" />
        </Alert>
      )}
      <ListTable
        query={list}
        items={list.data}
        text={(key) => t(`webhooks.${key}`)}
        minWidth={760}
        striped
        columns={[t('webhooks.url'), t('webhooks.events'), t('webhooks.status'), t('keys.actions')]}
      >
        {(e) => (
          <Table.Tr key={e.id} data-testid="webhook-row">
            <Table.Td maw={320}>
              <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {e.url}
              </Text>
              {e.description && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {e.description}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={4}>
                {e.events.map((ev) => (
                  <Badge key={ev} variant="outline" size="sm" tt="none">
                    {ev}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
            <Table.Td>
              <Badge color={e.status === 'active' ? 'green' : 'orange'} variant="light">
                {t(`webhooks.statuses.${e.status}`)}
              </Badge>
              {e.disabledReason && (
                <Text size="xs" c="dimmed">
                  {e.disabledReason}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Group gap={6} wrap="wrap">
                <Button size="xs" variant="light" onClick={() => setLog(e)}>
                  {t('webhooks.log')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing({ mode: 'edit', endpoint: e })}>
                  {t('webhooks.edit')}
                </Button>
                {e.status !== 'active' && (
                  <Button
                    size="xs"
                    variant="light"
                    color="green"
                    loading={enable.isPending}
                    onClick={() => enable.mutate({ endpointId: e.id, enabled: true })}
                  >
                    {t('webhooks.enable')}
                  </Button>
                )}
                <Button size="xs" variant="default" onClick={() => setConfirm({ kind: 'rotate', endpoint: e })}>
                  {t('webhooks.rotate')}
                </Button>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => setConfirm({ kind: 'delete', endpoint: e })}
                >
                  {t('webhooks.delete')}
                </Button>
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      {editing && (
        <EndpointModal
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={async (newSecret) => {
            setEditing(null);
            if (newSecret) setSecret(newSecret);
            await invalidate();
          }}
        />
      )}
      <ConfirmDeleteDialog
        opened={confirm !== null}
        title={confirm?.kind === 'delete' ? t('webhooks.deleteTitle') : t('webhooks.rotateTitle')}
        message={
          confirm?.kind === 'delete'
            ? t('webhooks.deleteMessage', { url: confirm.endpoint.url })
            : t('webhooks.rotateMessage')
        }
        cancelLabel={t('app.cancel')}
        submitLabel={confirm?.kind === 'delete' ? t('webhooks.delete') : t('webhooks.rotate')}
        pending={pending.isPending}
        error={pending.isError ? errorMessage(t, pending.error) : null}
        onCancel={() => {
          setConfirm(null);
          remove.reset();
          rotate.reset();
        }}
        onConfirm={() =>
          confirm &&
          (confirm.kind === 'delete'
            ? remove.mutate({ endpointId: confirm.endpoint.id })
            : rotate.mutate({ endpointId: confirm.endpoint.id }))
        }
      />
      <Drawer
        opened={log !== null}
        onClose={() => setLog(null)}
        position="right"
        size="xl"
        title={t('webhooks.logTitle', { url: log?.url ?? '' })}
        closeButtonProps={{ 'aria-label': t('app.close') }}
      >
        {log && <DeliveryLog endpointId={log.id} />}
      </Drawer>
    </Stack>
  );
}

function EndpointModal({
  editing,
  onClose,
  onSaved,
}: {
  editing: Editing;
  onClose: () => void;
  onSaved: (secret: string | null) => Promise<void>;
}) {
  const { t } = useAssessmentsT();
  const current = editing.mode === 'edit' ? editing.endpoint : null;
  const [url, setUrl] = useState(current?.url ?? 'https://');
  const [description, setDescription] = useState(current?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(current?.events ?? [...WEBHOOK_EVENT_TYPES]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation(trpc.webhooks.create.mutationOptions({ onSuccess: (r) => onSaved(r.secret) }));
  const update = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: () => onSaved(null) }));
  const m = current ? update : create;
  const submit = () => {
    const parsed = createWebhookInput.safeParse({ url, description, events });
    if (!parsed.success) return setErrors(issueMessages(t, parsed.error.issues));
    setErrors({});
    if (current) update.mutate({ endpointId: current.id, ...parsed.data });
    else create.mutate(parsed.data);
  };
  return (
    <FormModal
      onClose={onClose}
      title={current ? t('webhooks.edit') : t('webhooks.add')}
      size="lg"
      onSubmit={submitWith(submit)}
      cancelLabel={t('app.cancel')}
      confirmLabel={t('webhooks.save')}
      loading={m.isPending}
    >
      <TextInput
        label={t('webhooks.url')}
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={errors.url}
        required
        data-autofocus
      />
      <TextInput
        label={t('webhooks.description')}
        value={description}
        onChange={(e) => setDescription(e.currentTarget.value)}
        error={errors.description}
      />
      <Checkbox.Group
        label={t('webhooks.events')}
        value={events}
        onChange={(v) => setEvents(v as WebhookEventType[])}
        error={errors.events}
        required
      >
        <Stack gap={6} mt={6}>
          {WEBHOOK_EVENT_TYPES.map((ev) => (
            <Checkbox key={ev} value={ev} label={`${ev} — ${t(`webhooks.eventHelp.${ev.split('.')[1]}`)}`} />
          ))}
        </Stack>
      </Checkbox.Group>
      {m.isError && <ErrorAlert>{errorMessage(t, m.error)}</ErrorAlert>}
    </FormModal>
  );
}

function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useAssessmentsT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const log = useQuery(trpc.webhooks.deliveries.queryOptions({ endpointId, page }));
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async () => (
        notifySuccess(t('webhooks.resent')),
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() })
      ),
      onError: (e) => notifyFailure(t, t('webhooks.resendFailed'), e),
    }),
  );
  if (log.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (log.isError || !log.data)
    return <LoadFailedAlert message={t('webhooks.logFailed')} onRetry={() => void log.refetch()} />;
  if (log.data.total === 0) return <Text c="dimmed">{t('webhooks.logEmpty')}</Text>;
  const pages = pageCount(log.data.total, log.data.pageSize);
  return (
    <Stack>
      <DataTable
        minWidth={640}
        striped
        columns={[t('webhooks.event'), t('webhooks.status'), t('webhooks.attempts'), t('webhooks.lastAttempt'), '']}
      >
        {log.data.rows.map((d) => (
          <Table.Tr key={d.id} data-testid="delivery-row">
            <Table.Td>
              <Text size="sm">{d.eventType}</Text>
              <Text size="xs" c="dimmed" ff="monospace">
                {d.id}
              </Text>
            </Table.Td>
            <Table.Td>
              <Badge color={DELIVERY_COLOR[d.status] ?? 'gray'} variant="light">
                {t(`webhooks.deliveryStatuses.${d.status}`)}
              </Badge>
              {d.lastError && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {d.lastError}
                </Text>
              )}
              {d.nextAttemptAt && d.status === 'failed' && (
                <Text size="xs">{t('webhooks.nextAttempt', { at: f.dateTime(d.nextAttemptAt) })}</Text>
              )}
            </Table.Td>
            <Table.Td>{d.attempts}</Table.Td>
            <Table.Td>
              {d.lastAttemptAt
                ? `${f.dateTime(d.lastAttemptAt)}${d.lastStatusCode ? ` · ${d.lastStatusCode}` : ''}`
                : '—'}
            </Table.Td>
            <Table.Td>
              <Button
                size="xs"
                variant="light"
                loading={resend.isPending && resend.variables?.deliveryId === d.id}
                onClick={() => resend.mutate({ deliveryId: d.id })}
              >
                {t('webhooks.resend')}
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
      {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}

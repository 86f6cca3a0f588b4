import { Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptKind } from '../../../server/contracts/enums';
import type { PromptOutput } from '../../../server/contracts/prompts';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { notifyFailure, notifySuccess, PROMPTS_NS } from '../admin/messages';
import { PromptEditorModal, type EditorMode } from './prompt-editor-modal';
import { PromptGroups } from './prompt-group';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Editor = { kind: PromptKind; mode: EditorMode; prompt?: PromptOutput } | null;

/** The prompts editor, embedded in /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function PromptsPanel({ clientId }: { clientId?: string }) {
  const { t } = useTranslation(PROMPTS_NS);
  const queryClient = useQueryClient();
  // a detail page that lost its client id must not load or save another tenant's prompts
  const missing = clientId !== undefined && !UUID.test(clientId);
  const scope = clientId ? { clientId } : {};
  const list = useQuery({ ...trpc.prompts.list.queryOptions(scope), enabled: !missing });
  const [editor, setEditor] = useState<Editor>(null);
  const [confirm, setConfirm] = useState<PromptOutput | null>(null);

  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.prompts.list.queryKey(scope) });
  const duplicate = useMutation(
    trpc.prompts.duplicate.mutationOptions({
      onSuccess: (copy) => {
        void invalidate();
        notifySuccess(t('notifications.duplicated', { name: copy.name }));
      },
      onError: (e) => notifyFailure(t('errors.duplicateFailed'), e),
    }),
  );
  const remove = useMutation(trpc.prompts.delete.mutationOptions({ onSuccess: () => void invalidate() }));

  const runDuplicate = (p: PromptOutput) => {
    setEditor(null);
    duplicate.mutate({ ...scope, id: p.id });
  };

  const runDelete = async (p: PromptOutput) => {
    try {
      await remove.mutateAsync({ ...scope, id: p.id });
      setConfirm(null);
      notifySuccess(t('notifications.deleted', { name: p.name }));
    } catch (e) {
      setConfirm(null);
      // the server decides: a system prompt answers SYSTEM_PROMPT_READONLY, shown in the user's language
      const { appCode, details } = errorInfo(e);
      const reason =
        appCode === 'SYSTEM_PROMPT_READONLY'
          ? t('errors.systemDelete')
          : appCode === 'IN_USE'
            ? t('errors.inUse', { count: Number(details?.simulations ?? 1) })
            : undefined;
      notifyFailure(t('errors.deleteFailed'), e, reason);
    }
  };

  // a system prompt cannot be deleted: the attempt goes straight to the server, which refuses
  const askDelete = (p: PromptOutput) => (p.isSystem ? void runDelete(p) : setConfirm(p));

  if (missing) {
    return <ErrorAlert>{t('errors.clientMissing')}</ErrorAlert>;
  }

  return (
    <Stack>
      <PromptGroups
        intro={t('intro')}
        list={list}
        onNew={(kind) => setEditor({ kind, mode: 'create' })}
        onOpen={(p) => setEditor({ kind: p.kind, mode: p.isSystem ? 'view' : 'edit', prompt: p })}
        onDuplicate={runDuplicate}
        onDelete={askDelete}
        busyId={duplicate.isPending ? duplicate.variables?.id : null}
      />

      {editor && (
        <PromptEditorModal
          key={`${editor.mode}-${editor.prompt?.id ?? editor.kind}`}
          kind={editor.kind}
          mode={editor.mode}
          prompt={editor.prompt}
          scope={scope}
          onClose={() => setEditor(null)}
          onDuplicate={runDuplicate}
        />
      )}

      <AppModal
        opened={!!confirm}
        onClose={() => !remove.isPending && setConfirm(null)}
        title={t('delete.title')}
        centered
      >
        <Stack>
          <Text>{t('delete.message', { name: confirm?.name ?? '' })}</Text>
          <ModalFooter
            cancelLabel={t('actions.cancel')}
            onCancel={() => setConfirm(null)}
            cancelDisabled={remove.isPending}
            confirmLabel={t('actions.delete')}
            onConfirm={() => confirm && void runDelete(confirm)}
            color="red"
            loading={remove.isPending}
          />
        </Stack>
      </AppModal>
    </Stack>
  );
}

import { Alert, Badge, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PromptKind } from '../../../server/contracts/enums';
import {
  createPromptInput,
  PROMPT_KIND_FIELDS,
  PROMPT_REQUIRED_FIELDS,
  PROMPT_TEXT_FIELDS,
  type PromptOutput,
  type PromptTextField,
} from '../../../server/contracts/prompts';
import { unknownPlaceholders } from '../../../server/contracts/prompt-placeholders';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { notifyFailure, notifySuccess, PROMPTS_NS, serverFieldErrors, translateMessageKey } from '../admin/messages';
import { PlaceholderReference } from './placeholder-reference';
import { fieldsWithErrors } from '../../lib/form-field';

/** create/edit: a tenant prompt; view: a system prompt shown read-only to a tenant; system: a superuser editing a system prompt. */
export type EditorMode = 'create' | 'edit' | 'view' | 'system';

type Values = { name: string } & Record<PromptTextField, string>;

interface Props {
  kind: PromptKind;
  mode: EditorMode;
  prompt?: PromptOutput;
  /** The client a superuser edits (`{}` for the user's own tenant). */
  scope: { clientId?: string };
  onClose: () => void;
  onDuplicate?: (prompt: PromptOutput) => void;
}

export function PromptEditorModal({ kind, mode, prompt, scope, onClose, onDuplicate }: Props) {
  const { t } = useTranslation(PROMPTS_NS);
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const readOnly = mode === 'view';
  const initial = Object.fromEntries(PROMPT_TEXT_FIELDS.map((f) => [f, prompt?.[f] ?? ''])) as Record<
    PromptTextField,
    string
  >;
  const form = useForm<Values>({
    initialValues: { name: prompt?.name ?? '', ...initial },
    validate: (values) => zodResolver(createPromptInput)({ ...values, kind }),
  });

  const onSaved = (saved: PromptOutput) => {
    if (mode === 'system') void queryClient.invalidateQueries({ queryKey: trpc.prompts.listSystem.queryKey() });
    // system prompts appear in every tenant's list; a tenant prompt only in this scope's
    void queryClient.invalidateQueries({
      queryKey: mode === 'system' ? trpc.prompts.list.pathKey() : trpc.prompts.list.queryKey(scope),
    });
    notifySuccess(
      mode === 'create'
        ? t('notifications.created', { name: saved.name })
        : t('notifications.updated', { name: saved.name }),
    );
    onClose();
  };
  const create = useMutation(trpc.prompts.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.prompts.update.mutationOptions({ onSuccess: onSaved }));
  const updateSystem = useMutation(trpc.prompts.updateSystem.mutationOptions({ onSuccess: onSaved }));
  const busy = create.isPending || update.isPending || updateSystem.isPending;

  const submit = form.onSubmit(async (values) => {
    const input = { kind, ...values };
    try {
      if (mode === 'create') await create.mutateAsync({ ...scope, ...input });
      else if (mode === 'edit' && prompt) await update.mutateAsync({ ...scope, ...input, id: prompt.id });
      else if (mode === 'system' && prompt) await updateSystem.mutateAsync({ ...input, id: prompt.id });
    } catch (e) {
      const fieldErrors = serverFieldErrors(e);
      if (fieldErrors) form.setErrors(fieldErrors);
      const { appCode, details } = errorInfo(e);
      const reason =
        appCode === 'SYSTEM_PROMPT_READONLY'
          ? t(details?.reason === 'delete' ? 'errors.systemDelete' : 'errors.systemEdit')
          : undefined;
      notifyFailure(mode === 'create' ? t('errors.createFailed') : t('errors.updateFailed'), e, reason);
    }
  });

  const fieldError = (field: keyof Values) => {
    const key = form.errors[field];
    if (typeof key !== 'string' || !key) return undefined;
    if (key === 'prompts.validation.unknownPlaceholder' && field !== 'name') {
      return t('validation.unknownPlaceholder', {
        names: unknownPlaceholders(form.values[field], kind).join(', ') || '—',
      });
    }
    return translateMessageKey(t, key);
  };

  const required = new Set(PROMPT_REQUIRED_FIELDS[kind]);
  const title =
    mode === 'create'
      ? t('editor.createTitle', { kind: t(`kinds.${kind}`) })
      : mode === 'view'
        ? t('editor.viewTitle', { name: prompt?.name })
        : t('editor.editTitle', { name: prompt?.name });

  const field = fieldsWithErrors(form, fieldError);
  return (
    <AppModal opened onClose={() => !busy && onClose()} title={title} size="xl" fullScreen={mobile} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Group gap="xs">
            <Badge variant="light">{t(`kinds.${kind}`)}</Badge>
            {prompt?.isSystem && <Badge color="gray">{t('system')}</Badge>}
          </Group>
          {readOnly && (
            <Alert color="blue" role="note">
              {t('errors.systemEdit')}
            </Alert>
          )}
          {mode === 'system' && (
            <Alert color="yellow" role="note">
              {t('editor.systemWarning')}
            </Alert>
          )}
          <TextInput
            label={t('fields.name')}
            withAsterisk={!readOnly}
            readOnly={readOnly}
            data-autofocus
            {...field('name')}
          />
          {PROMPT_KIND_FIELDS[kind].map((f) => (
            <Textarea
              key={f}
              label={t(`fields.${f}`)}
              description={t(`help.${f}`)}
              withAsterisk={!readOnly && required.has(f)}
              readOnly={readOnly}
              autosize
              minRows={
                f === 'generalRules' || f === 'detailedInstructions' || f === 'userPrompt' || f === 'instructions'
                  ? 6
                  : 3
              }
              maxRows={18}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
              {...field(f)}
            />
          ))}
          <PlaceholderReference kind={kind} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {readOnly ? t('common:app.close') : t('actions.cancel')}
            </Button>
            {readOnly && prompt && onDuplicate && (
              <Button variant="light" onClick={() => onDuplicate(prompt)}>
                {t('actions.duplicate')}
              </Button>
            )}
            {!readOnly && (
              <Button type="submit" loading={busy}>
                {mode === 'create' ? t('actions.create') : t('actions.save')}
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}

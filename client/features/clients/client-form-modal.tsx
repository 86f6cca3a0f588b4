import { TextInput } from '@mantine/core';
import { ChoiceSelect, LanguageChoiceSelect } from '../../components/choice-select';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../server/contracts/languages';
import { CLIENT_TYPES, type ClientType } from '../../../server/contracts/enums';
import { createClientInput, type ClientOutput } from '../../../server/contracts/clients';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { CLIENTS_NS, notifyFailure, notifySuccess, serverFieldErrors, translateMessageKey } from '../admin/messages';
import { fieldsWithErrors } from '../../lib/form-field';
import { FormModal } from '../../components/modal-footer';

interface Values {
  name: string;
  domain: string;
  type: ClientType;
  tier: string;
  schemaName: string;
  defaultLanguage: Language;
}

/** A schema-name suggestion from a client name: lowercase letters, digits and hyphens. */
function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '')
    .slice(0, 63)
    .replace(/-+$/, '');
  return slug;
}

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Edit this client; create a new one when absent. */
  client?: ClientOutput | null;
}

const editSchema = createClientInput.omit({ schemaName: true });

export function ClientFormModal({ opened, onClose, client }: Props) {
  const { t } = useTranslation(CLIENTS_NS);
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const editing = !!client;
  const [schemaTouched, setSchemaTouched] = useState(editing);
  const form = useForm<Values>({
    initialValues: {
      name: client?.name ?? '',
      domain: client?.domain ?? '',
      type: client?.type ?? 'customer',
      tier: client?.tier ?? '',
      schemaName: client?.schemaName ?? '',
      defaultLanguage: client?.defaultLanguage ?? 'en',
    },
    validate: (values) => (editing ? zodResolver(editSchema)(values) : zodResolver(createClientInput)(values)),
  });

  const onSaved = (saved: ClientOutput) => {
    void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
    queryClient.setQueryData(trpc.clients.get.queryKey({ id: saved.id }), saved);
    notifySuccess(
      editing ? t('notifications.updated', { name: saved.name }) : t('notifications.created', { name: saved.name }),
    );
    onClose();
  };
  const create = useMutation(trpc.clients.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.clients.update.mutationOptions({ onSuccess: onSaved }));
  const busy = create.isPending || update.isPending;

  const submit = form.onSubmit(async (values) => {
    const fields = {
      name: values.name,
      domain: values.domain || null,
      type: values.type,
      tier: values.tier || null,
      defaultLanguage: values.defaultLanguage,
    };
    try {
      if (client) await update.mutateAsync({ ...fields, id: client.id, schemaName: client.schemaName });
      else await create.mutateAsync({ ...fields, schemaName: values.schemaName });
    } catch (e) {
      const appCode = showSaveErrors(form, e);
      const reason =
        appCode === 'CONFLICT'
          ? t('validation.schemaTaken')
          : appCode === 'SCHEMA_NAME_IMMUTABLE'
            ? t('form.schemaNameFixed')
            : undefined;
      notifyFailure(editing ? t('errors.updateFailed') : t('errors.createFailed'), e, reason);
    }
  });

  const error = (field: keyof Values) => {
    const key = form.errors[field];
    return typeof key === 'string' && key ? translateMessageKey(t, key) : undefined;
  };

  const onNameChange = (value: string) => {
    form.setFieldValue('name', value);
    if (!schemaTouched) form.setFieldValue('schemaName', slugify(value));
  };

  const field = fieldsWithErrors(form, error);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? t('form.editTitle', { name: client.name }) : t('form.addTitle')}
      fullScreen={mobile}
      onSubmit={submit}
      noValidate
      cancelLabel={t('actions.cancel')}
      confirmLabel={editing ? t('actions.save') : t('actions.create')}
      loading={busy}
      lockWhileLoading
    >
      <TextInput
        label={t('fields.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
        onChange={(e) => onNameChange(e.currentTarget.value)}
        error={error('name')}
      />
      <TextInput label={t('fields.domain')} placeholder="example.com" {...field('domain')} />
      <ChoiceSelect
        label={t('fields.type')}
        values={CLIENT_TYPES}
        optionLabel={(v) => t(`types.${v}`)}
        {...field('type')}
      />
      <TextInput label={t('fields.tier')} placeholder={t('form.tierPlaceholder')} {...field('tier')} />
      {editing ? (
        <TextInput
          label={t('fields.schemaName')}
          value={client.schemaName}
          readOnly
          variant="filled"
          description={t('form.schemaNameFixed')}
        />
      ) : (
        <TextInput
          label={t('fields.schemaName')}
          withAsterisk
          description={t('form.schemaNameHelp')}
          {...form.getInputProps('schemaName')}
          onChange={(e) => {
            setSchemaTouched(true);
            form.setFieldValue('schemaName', e.currentTarget.value.toLowerCase());
          }}
          error={error('schemaName')}
          autoCapitalize="none"
          spellCheck={false}
        />
      )}
      <LanguageChoiceSelect label={t('fields.defaultLanguage')} {...field('defaultLanguage')} />
    </FormModal>
  );
}

/**
 * Puts a failed save's field errors on the client form (a schema name another client has, too)
 * and gives the error's code.
 */
export function showSaveErrors(
  form: { setErrors(errors: Record<string, string>): void; setFieldError(path: 'schemaName', error: string): void },
  e: unknown,
): string {
  const { appCode, details } = errorInfo(e);
  const fieldErrors = serverFieldErrors(e);
  if (fieldErrors) form.setErrors(fieldErrors);
  if (appCode === 'CONFLICT' && details?.field === 'schemaName')
    form.setFieldError('schemaName', 'clients.validation.schemaTaken');
  return appCode;
}

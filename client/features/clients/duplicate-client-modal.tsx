import { List, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { duplicateClientInput, type ClientOutput } from '../../../server/contracts/clients';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { CLIENTS_NS, notifyFailure, notifySuccess, translateMessageKey } from '../admin/messages';
import { fieldsWithErrors } from '../../lib/form-field';
import { showSaveErrors } from './client-form-modal';
import { FormModal } from '../../components/modal-footer';

interface Props {
  source: ClientOutput;
  onClose: () => void;
}

const schema = duplicateClientInput.omit({ id: true });

/** A copy of the client's configuration under a new name and schema name. */
export function DuplicateClientModal({ source, onClose }: Props) {
  const { t } = useTranslation(CLIENTS_NS);
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const form = useForm({
    initialValues: {
      name: t('duplicate.defaultName', { name: source.name }),
      schemaName: `${source.schemaName.toLowerCase()}-copy`.slice(0, 63),
    },
    validate: zodResolver(schema),
  });
  const duplicate = useMutation(
    trpc.clients.duplicate.mutationOptions({
      onSuccess: ({ client }) => {
        void queryClient.invalidateQueries({ queryKey: trpc.clients.list.queryKey() });
        notifySuccess(t('notifications.duplicated', { name: client.name }));
        onClose();
      },
    }),
  );

  const submit = form.onSubmit(async (values) => {
    try {
      await duplicate.mutateAsync({ id: source.id, ...values });
    } catch (e) {
      const appCode = showSaveErrors(form, e);
      notifyFailure(t('errors.duplicateFailed'), e, appCode === 'CONFLICT' ? t('validation.schemaTaken') : undefined);
    }
  });

  const error = (field: 'name' | 'schemaName') => {
    const key = form.errors[field];
    return typeof key === 'string' && key ? translateMessageKey(t, key) : undefined;
  };

  const field = fieldsWithErrors(form, error);
  return (
    <FormModal
      onClose={onClose}
      title={t('duplicate.title', { name: source.name })}
      fullScreen={mobile}
      onSubmit={submit}
      noValidate
      cancelLabel={t('actions.cancel')}
      confirmLabel={t('duplicate.submit')}
      loading={duplicate.isPending}
      lockWhileLoading
    >
      <Text size="sm">{t('duplicate.intro')}</Text>
      <div>
        <Text size="sm" fw={600}>
          {t('duplicate.copiedTitle')}
        </Text>
        <List size="sm">
          {(
            [
              'clientOverview',
              'icps',
              'productGroupings',
              'callInstructions',
              'personas',
              'prompts',
              'scorecards',
              'simulations',
              'knowledgeFiles',
            ] as const
          ).map((k) => (
            <List.Item key={k}>{t(`copy.${k}`)}</List.Item>
          ))}
        </List>
      </div>
      <div>
        <Text size="sm" fw={600}>
          {t('duplicate.notCopiedTitle')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('duplicate.notCopied')}
        </Text>
      </div>
      <TextInput label={t('duplicate.newName')} withAsterisk data-autofocus {...field('name')} />
      <TextInput
        label={t('duplicate.newSchemaName')}
        withAsterisk
        description={t('form.schemaNameHelp')}
        {...form.getInputProps('schemaName')}
        onChange={(e) => form.setFieldValue('schemaName', e.currentTarget.value.toLowerCase())}
        error={error('schemaName')}
        autoCapitalize="none"
        spellCheck={false}
      />
    </FormModal>
  );
}

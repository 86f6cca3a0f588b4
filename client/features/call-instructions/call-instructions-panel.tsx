import { Group, Paper, Text, Textarea } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { useForm } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  callInstructionFields,
  type CallInstruction,
  type CallInstructionFields,
} from '../../../server/contracts/call-instructions';
import { RecordFormModal, RecordPanel, RecordRowActions, type RecordFormProps } from '../../components/record-panel';
import { fieldErrorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { zodResolver } from '../../lib/zod-resolver';
import { clientScope } from '../client-overview/client-scope';

/** The first words of a text, to name it in the delete confirmation. */
const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text).replace(/\s+/g, ' ');

/** The call instructions editor (client detail tab); `clientId` targets that client (superuser). */
export function CallInstructionsPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.callInstructions.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.callInstructions.list.queryKey(scope.input) });
    if (id)
      void queryClient.invalidateQueries({ queryKey: trpc.callInstructions.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.callInstructions.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.callInstructions.update.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  const remove = useMutation(trpc.callInstructions.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  return (
    <RecordPanel<CallInstruction, CallInstructionFields>
      section="callInstructions"
      clientMissing={scope.missing}
      list={list}
      saving={create.isPending || update.isPending}
      names={(r, index) => ({ number: index + 1, preview: preview(r.instructions) })}
      onCreate={(values) => create.mutateAsync({ ...scope.input, ...values })}
      onUpdate={(id, values) => update.mutateAsync({ ...scope.input, ...values, id })}
      onDelete={(id) => remove.mutateAsync({ ...scope.input, id })}
      renderForm={({ key, ...props }) => <CallInstructionForm key={key} {...props} />}
      renderList={(rows, actions) => (
        <BareList aria-label={t('callInstructions.listLabel')} gap="sm">
          {rows.map((r, i) => (
            <Paper
              component="li"
              key={r.id}
              withBorder
              p="md"
              aria-label={t('callInstructions.itemLabel', { number: i + 1 })}
            >
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Text size="sm" style={{ whiteSpace: 'pre-line' }} lineClamp={8}>
                  {r.instructions}
                </Text>
                <RecordRowActions
                  editLabel={t('callInstructions.editAria', { number: i + 1 })}
                  deleteLabel={t('callInstructions.deleteAria', { number: i + 1 })}
                  onEdit={() => actions.edit(r)}
                  onDelete={() => actions.remove(r, i)}
                />
              </Group>
            </Paper>
          ))}
        </BareList>
      )}
    />
  );
}

function CallInstructionForm({ record, ...rest }: RecordFormProps<CallInstruction, CallInstructionFields>) {
  const { t } = useConfigTranslation();
  const form = useForm<CallInstructionFields>({
    initialValues: { instructions: record?.instructions ?? '' },
    validate: zodResolver(callInstructionFields),
  });
  return (
    <RecordFormModal
      title={t(record ? 'callInstructions.editTitle' : 'callInstructions.createTitle')}
      form={form}
      parse={(values) => callInstructionFields.parse(values)}
      {...rest}
    >
      <Textarea
        label={t('callInstructions.instructions')}
        withAsterisk
        data-autofocus
        autosize
        minRows={8}
        maxRows={20}
        {...form.getInputProps('instructions')}
        error={fieldErrorText(t, form.errors.instructions)}
      />
    </RecordFormModal>
  );
}

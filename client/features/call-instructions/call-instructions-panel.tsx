import { Group, Paper, Text, Textarea } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import {
  callInstructionFields,
  type CallInstruction,
  type CallInstructionFields,
} from '../../../server/contracts/call-instructions';
import { RecordFormModal, RecordPanel, RecordRowActions, type RecordFormProps } from '../../components/record-panel';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { clientScope } from '../client-overview/client-scope';
import { useRecordApi } from '../client-overview/use-record-api';

/** The first words of a text, to name it in the delete confirmation. */
const preview = (text: string) => (text.length > 60 ? `${text.slice(0, 60).trimEnd()}…` : text).replace(/\s+/g, ' ');

/** The call instructions editor (client detail tab); `clientId` targets that client (superuser). */
export function CallInstructionsPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.callInstructions.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const crud = useRecordApi(trpc.callInstructions, scope, list);

  return (
    <RecordPanel<CallInstruction, CallInstructionFields>
      section="callInstructions"
      {...crud}
      names={(r, index) => ({ number: index + 1, preview: preview(r.instructions) })}
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
  return (
    <RecordFormModal
      title={t(record ? 'callInstructions.editTitle' : 'callInstructions.createTitle')}
      schema={callInstructionFields}
      initialValues={{ instructions: record?.instructions ?? '' }}
      {...rest}
    >
      {(field) => (
        <Textarea
          label={t('callInstructions.instructions')}
          withAsterisk
          data-autofocus
          autosize
          minRows={8}
          maxRows={20}
          {...field('instructions')}
        />
      )}
    </RecordFormModal>
  );
}

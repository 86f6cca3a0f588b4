import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconCopy, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/format';
import type { PromptKind } from '../../../server/contracts/enums';
import type { PromptOutput } from '../../../server/contracts/prompts';
import { PROMPTS_NS } from '../admin/messages';
import { NameText } from '../../components/name-text';
import { DataTable } from '../../components/data-table';
import { LoadingOrFailed } from '../../components/status-alerts';
import { RowActionsCell } from '../../components/row-action';
import { promptName } from './prompt-name';

const PROMPT_GROUP_ORDER: readonly PromptKind[] = [
  'simulation',
  'scenario_variables',
  'scenario_narrative',
  'evaluation',
];

interface PromptRowActions {
  onOpen: (p: PromptOutput) => void;
  onDuplicate?: (p: PromptOutput) => void;
  onDelete?: (p: PromptOutput) => void;
  /** Whether a system prompt opens for editing (superuser system area) or for viewing. */
  systemEditable?: boolean;
}

interface Props extends PromptRowActions {
  kind: PromptKind;
  prompts: PromptOutput[];
  onNew?: () => void;
  busyId?: string | null;
}

interface GroupsProps extends PromptRowActions {
  /** The sentence above the groups. */
  intro: string;
  list: UseQueryResult<PromptOutput[], unknown>;
  onNew?: (kind: PromptKind) => void;
  busyId?: string | null;
}

/** A panel's prompts, loaded: the four groups in their order, or the loading or failed state. */
export function PromptGroups({ intro, list, onNew, ...group }: GroupsProps) {
  const { t } = useTranslation(PROMPTS_NS);
  return (
    <>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
      <LoadingOrFailed query={list} message={t('errors.loadFailed')} />
      {list.data &&
        PROMPT_GROUP_ORDER.map((kind) => (
          <PromptGroup
            key={kind}
            kind={kind}
            prompts={list.data.filter((p) => p.kind === kind)}
            onNew={onNew && (() => onNew(kind))}
            {...group}
          />
        ))}
    </>
  );
}

/** One of the four groups: its prompts, system ones first with a "System" badge. */
function PromptGroup({ kind, prompts, onNew, onOpen, onDuplicate, onDelete, systemEditable, busyId }: Props) {
  const { t } = useTranslation(PROMPTS_NS);
  const f = useFormat();
  const headingId = `prompt-group-${kind}`;

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <div>
          <Title order={2} size="h4" id={headingId}>
            {t(`groups.${kind}`)}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`groupHelp.${kind}`)}
          </Text>
        </div>
        {onNew && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onNew}>
            {t('actions.new')}
          </Button>
        )}
      </Group>
      {prompts.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('emptyGroup')}
        </Text>
      ) : (
        <DataTable
          minWidth={480}
          verticalSpacing="xs"
          aria-labelledby={headingId}
          columns={[t('fields.name'), t('columns.updated'), { label: t('columns.actions'), hidden: true }]}
        >
          {prompts.map((p) => {
            const editable = !p.isSystem || systemEditable;
            return (
              <Table.Tr key={p.id}>
                <Table.Td>
                  <Stack gap={2}>
                    <Group gap="xs" wrap="nowrap">
                      <NameText size="sm" fw={500}>
                        {/* the superuser editing shipped prompts sees the name they edit */}
                        {systemEditable ? p.name : promptName(t, p)}
                      </NameText>
                      {p.isSystem && (
                        <Badge size="sm" color="gray" variant="light">
                          {t('system')}
                        </Badge>
                      )}
                    </Group>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c="dimmed">
                    {f.date(p.updatedAt)}
                  </Text>
                </Table.Td>
                <RowActionsCell
                  actions={[
                    editable
                      ? { key: 'edit', icon: IconPencil, onClick: () => onOpen(p) }
                      : { key: 'view', icon: IconEye, onClick: () => onOpen(p) },
                    !!onDuplicate && {
                      key: 'duplicate',
                      icon: IconCopy,
                      onClick: () => onDuplicate(p),
                      loading: busyId === p.id,
                    },
                    !!onDelete && { key: 'delete', icon: IconTrash, onClick: () => onDelete(p), color: 'red' },
                  ]}
                  tip={(k) => t(`actions.${k}`)}
                  label={(k) => t(`actions.${k}Named`, { name: p.name })}
                />
              </Table.Tr>
            );
          })}
        </DataTable>
      )}
    </Paper>
  );
}

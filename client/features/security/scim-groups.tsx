import { Select, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MANAGED_USER_TYPES } from '../../../server/contracts/enums';
import type { ScimGroupMapping, ScimGroupView } from '../../../server/contracts/scim';
import { ListTable } from '../../components/list-states';
import { NameText } from '../../components/name-text';
import { PanelIntro } from '../../components/panel-intro';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { useScimT } from './use-scim-t';

/** A mapping as one select value: `none`, `type:<user type>` or `team:<manager id>`. */
const valueOf = (m: ScimGroupMapping) =>
  m.kind === 'userType' ? `type:${m.userType}` : m.kind === 'team' ? `team:${m.managerId}` : 'none';

function mappingOf(value: string): ScimGroupMapping {
  const [kind, rest] = [value.slice(0, value.indexOf(':')), value.slice(value.indexOf(':') + 1)];
  if (kind === 'type') return { kind: 'userType', userType: rest as (typeof MANAGED_USER_TYPES)[number] };
  if (kind === 'team') return { kind: 'team', managerId: rest };
  return { kind: 'none' };
}

/** The groups the identity provider pushed, each with what its membership gives in Spar. */
export function ScimGroups() {
  const { t } = useScimT();
  const queryClient = useQueryClient();
  const groups = useQuery(trpc.scim.groups.queryOptions());
  const managers = useQuery(trpc.users.managers.queryOptions({}));
  const setMapping = useMutation(
    trpc.scim.setGroupMapping.mutationOptions({
      onSuccess: async () => {
        notifySuccess(t('groups.saved'));
        await queryClient.invalidateQueries({ queryKey: trpc.scim.groups.queryKey() });
      },
      onError: (e) => notifyFailure(t, t('groups.saveFailed'), e),
    }),
  );
  const options = [
    { group: t('groups.nothing'), items: [{ value: 'none', label: t('groups.none') }] },
    {
      group: t('groups.userType'),
      items: MANAGED_USER_TYPES.map((type) => ({
        value: `type:${type}`,
        label: t('groups.asType', { type: t(`users:types.${type}`) }),
      })),
    },
    {
      group: t('groups.team'),
      items: (managers.data ?? []).map((m) => ({
        value: `team:${m.id}`,
        label: t('groups.teamOf', { name: m.displayName ?? m.username }),
      })),
    },
  ];
  const rowOptions = (g: ScimGroupView) =>
    // a team whose manager is no longer listed still shows its current value
    g.mapping.kind === 'team' && !managers.data?.some((m) => m.id === (g.mapping as { managerId: string }).managerId)
      ? [...options, { group: t('groups.team'), items: [{ value: valueOf(g.mapping), label: g.managerName ?? '—' }] }]
      : options;
  return (
    <Stack>
      <Title order={3} size="h4">
        {t('groups.title')}
      </Title>
      <PanelIntro intro={t('groups.intro')} />
      <ListTable
        query={groups}
        items={groups.data}
        text={(key) => t(`groups.${key}`)}
        minWidth={640}
        striped
        columns={['name', 'members', 'mapping'].map((c) => t(`groups.${c}`))}
      >
        {(g) => (
          <Table.Tr key={g.id} data-testid="scim-group-row">
            <Table.Td maw={280}>
              <NameText>{g.displayName}</NameText>
              {g.externalId ? (
                <Text size="xs" c="dimmed" ff="monospace">
                  {g.externalId}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{g.memberCount}</Table.Td>
            <Table.Td miw={240}>
              <Select
                aria-label={t('groups.mappingOf', { name: g.displayName })}
                data={rowOptions(g)}
                value={valueOf(g.mapping)}
                allowDeselect={false}
                disabled={setMapping.isPending}
                onChange={(v) => v && setMapping.mutate({ groupId: g.id, mapping: mappingOf(v) })}
              />
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
    </Stack>
  );
}

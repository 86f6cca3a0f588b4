import { Badge, Button, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LmsTargetKind } from '../../../server/contracts/enums';
import type { ScormPackageView } from '../../../server/contracts/scorm';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { ListTable } from '../../components/list-states';
import { NameText } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useConfirmTarget } from '../../lib/use-confirm-target';
import { WithScreenTexts } from '../i18n/screen-texts';
import { useScormT } from './use-scorm-t';

/** The SCORM packages exported in the tenant (or of one simulation or certification), with revoke. */
export function ScormPackagesSection({ target }: { target?: { kind: LmsTargetKind; id: string } }) {
  return (
    <WithScreenTexts namespaces={['scorm']}>
      <PackagesTable target={target} />
    </WithScreenTexts>
  );
}

function PackagesTable({ target }: { target?: { kind: LmsTargetKind; id: string } }) {
  const { t } = useScormT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const input = target ? { targetKind: target.kind, targetId: target.id } : undefined;
  const list = useQuery(trpc.scorm.list.queryOptions(input));
  const revoking = useConfirmTarget<ScormPackageView>();
  const revoke = useMutation(
    trpc.scorm.revoke.mutationOptions({
      onSuccess: revoking.succeeded(t('packages.revoked'), () =>
        queryClient.invalidateQueries({ queryKey: trpc.scorm.list.queryKey() }),
      ),
    }),
  );
  const columns = ['title', ...(target ? [] : ['target']), 'version', 'created', 'status', 'actions'];
  return (
    <Stack gap="sm" data-testid="scorm-packages">
      {!target && (
        <>
          <Title order={3} size="h4">
            {t('packages.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('packages.intro')}
          </Text>
        </>
      )}
      <ListTable
        query={list}
        items={list.data}
        text={(key) => t(`packages.${key}`)}
        minWidth={target ? 560 : 760}
        striped
        columns={columns.map((c) => t(`packages.columns.${c}`))}
      >
        {(p) => (
          <Table.Tr key={p.id} data-testid="scorm-package-row">
            <Table.Td maw={280}>
              <NameText lines={3}>{p.title}</NameText>
              <Text size="xs" c="dimmed">
                {t('packages.passing', { score: p.passingScore })}
              </Text>
            </Table.Td>
            {!target && (
              <Table.Td maw={260}>
                <Text size="xs" c="dimmed">
                  {t(`packages.kind.${p.targetKind}`)}
                </Text>
                {p.targetName ? (
                  <NameText>{p.targetName}</NameText>
                ) : (
                  <Text size="sm">{t('packages.deletedTarget')}</Text>
                )}
              </Table.Td>
            )}
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.version === '1.2' ? 'SCORM 1.2' : 'SCORM 2004'}</Table.Td>
            <Table.Td>
              <Text size="sm">{f.date(p.createdAt)}</Text>
              {p.createdByName && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('packages.createdBy', { name: p.createdByName })}
                </Text>
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={p.revokedAt ? 'gray' : 'green'} variant="light">
                {t(p.revokedAt ? 'packages.status.revoked' : 'packages.status.active')}
              </Badge>
            </Table.Td>
            <Table.Td>
              {!p.revokedAt && (
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  onClick={() => revoking.ask(p)}
                  aria-label={t('packages.revokeLabel', { title: p.title })}
                >
                  {t('packages.revoke')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      <ConfirmDeleteDialog
        {...revoking.dialog(revoke)}
        title={t('packages.revokeTitle')}
        message={t('packages.revokeBody', { title: revoking.target?.title ?? '' })}
        cancelLabel={t('app.cancel')}
        submitLabel={t('packages.revokeConfirm')}
        error={revoke.isError ? `${t('packages.revokeFailed')}: ${errorMessage(t, revoke.error)}` : null}
        onConfirm={() => revoking.target && revoke.mutate({ packageId: revoking.target.id })}
      />
    </Stack>
  );
}

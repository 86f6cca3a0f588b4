import { Badge, Button, Divider, Drawer, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScorecardDetail } from '../../../server/contracts/scorecards';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ScorecardIcon } from './scorecard-icon';
import { CriterionView } from './scorecard-review';
import { ErrorAlert } from '../../components/status-alerts';

interface Props {
  /** The scorecard to show; null closes the drawer. */
  id: string | null;
  clientId?: string;
  onClose: () => void;
  onEdit: (s: ScorecardDetail) => void;
  onDelete: (s: ScorecardDetail) => void;
}

/** Side drawer with a scorecard's long description, criteria (three levels each) and versions. */
export function ScorecardDetails({ id, clientId, onClose, onEdit, onDelete }: Props) {
  const { t } = useTranslation('scorecards');
  const f = useFormat();
  const mobile = useMediaQuery('(max-width: 48em)');
  const scope = clientId ? { clientId } : {};
  const detail = useQuery({ ...trpc.scorecards.get.queryOptions({ ...scope, id: id ?? '' }), enabled: !!id });
  const versions = useQuery({ ...trpc.scorecards.versions.queryOptions({ ...scope, id: id ?? '' }), enabled: !!id });
  const s = detail.data;

  return (
    <Drawer
      opened={!!id}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 'xl'}
      title={t('details.title')}
      closeButtonProps={{ 'aria-label': t('app.close', { ns: 'common' }) }}
    >
      {detail.isPending && <Loader aria-label={t('list.loading')} />}
      {detail.isError && <ErrorAlert>{t('errors.loadOneFailed')}</ErrorAlert>}
      {s && (
        <Stack>
          <Group gap="sm" wrap="nowrap">
            <ScorecardIcon name={s.icon} size={28} />
            <Title order={2} size="h3">
              {s.name}
            </Title>
          </Group>
          <Group gap="xs">
            <Badge variant="light">{t('list.version', { version: s.version })}</Badge>
            <Badge variant="outline">{t('list.criteriaCount', { count: s.criteria.length })}</Badge>
            {s.usedAt && (
              <Badge color="grape" variant="light">
                {t('list.used')}
              </Badge>
            )}
          </Group>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('details.shortDescription')}
            </Text>
            <Text>{s.shortDescription}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" fw={600} tt="uppercase">
              {t('details.longDescription')}
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} c={s.longDescription ? undefined : 'dimmed'}>
              {s.longDescription || t('details.noLongDescription')}
            </Text>
          </div>
          <Group>
            <Button variant="light" onClick={() => onEdit(s)}>
              {t('list.edit')}
            </Button>
            <Button variant="light" color="red" onClick={() => onDelete(s)}>
              {t('list.delete')}
            </Button>
          </Group>
          <Divider />
          <Title order={3} size="h4">
            {t('details.criteria')}
          </Title>
          <Stack component="ol" gap="sm" p={0} m={0}>
            {s.criteria.map((c, i) => (
              <CriterionView key={c.id} criterion={c} number={i + 1} />
            ))}
          </Stack>
          {versions.data && versions.data.length > 1 && (
            <>
              <Divider />
              <Title order={3} size="h4">
                {t('details.versions')}
              </Title>
              <List spacing={4} size="sm">
                {versions.data.map((v) => (
                  <List.Item key={v.id}>
                    <Text span fw={600} size="sm">
                      {t('details.versionRow', { version: v.version })}
                    </Text>
                    {v.isCurrent && ` · ${t('details.current')}`} ·{' '}
                    {t('details.created', { date: f.date(v.createdAt) })} ·{' '}
                    {v.usedAt ? t('details.usedOn', { date: f.date(v.usedAt) }) : t('details.notUsed')}
                  </List.Item>
                ))}
              </List>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}

import { Anchor, Badge, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import { IconDownload, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { NameText } from '../../components/name-text';
import { PanelIntro } from '../../components/panel-intro';
import { LoadFailedAlert } from '../../components/status-alerts';
import { hasRole } from '../../lib/roles';
import { useFormat } from '../../lib/format';
import { trpc, trpcClient } from '../../lib/trpc';
import { useMe } from '../auth/use-me';
import { useCsvExport } from '../users/download';
import { CertificationForm } from './certification-form';
import { expiryText, useCertificationsTranslation } from './shared';

/**
 * /certifications: every certification of the workspace with its steps and expiry, "Held" on the
 * ones the caller holds; managers and admins also see how many hold each, create new ones and
 * export the certificates as CSV.
 */
export function CertificationsPanel() {
  const { t } = useCertificationsTranslation();
  const f = useFormat();
  const [, navigate] = useLocation();
  const me = useMe();
  const manager = hasRole(me.data?.user.role, ['admin', 'sales_manager']);
  const list = useQuery(trpc.certifications.list.queryOptions({}));
  const [creating, setCreating] = useState(false);
  const { exporting, exportCsv } = useCsvExport(t, t('list.exportFailed'), () =>
    trpcClient.certifications.export.query({}),
  );
  const rows = list.data ?? [];
  return (
    <Stack gap="md">
      <PanelIntro intro={t(manager ? 'list.introManager' : 'list.intro')}>
        {manager && (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              loading={exporting}
              onClick={exportCsv}
            >
              {t('list.export')}
            </Button>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              {t('list.new')}
            </Button>
          </Group>
        )}
      </PanelIntro>
      {list.isPending && <Loader aria-label={t('list.loading')} />}
      {list.isError && <LoadFailedAlert message={t('list.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t(manager ? 'list.emptyManager' : 'list.empty')}</Text>}
      {rows.length > 0 && (
        <Stack component="ul" gap="sm" p={0} m={0} aria-label={t('list.label')}>
          {rows.map((c) => (
            <Card
              key={c.id}
              withBorder
              padding="md"
              component="li"
              style={{ listStyle: 'none' }}
              data-testid="certification-row"
            >
              <Stack gap={6}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                  <Anchor component={Link} href={`/certifications/${c.id}`} style={{ minWidth: 0 }}>
                    <NameText fw={600} lines={3}>
                      {c.name}
                    </NameText>
                  </Anchor>
                  <Group gap={6} wrap="nowrap">
                    {c.held && (
                      <Badge color="green" variant="light">
                        {t('list.held')}
                      </Badge>
                    )}
                    {c.archived && (
                      <Badge color="gray" variant="light">
                        {t('archived')}
                      </Badge>
                    )}
                  </Group>
                </Group>
                {c.description && (
                  <Text size="sm" c="dimmed" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                    {c.description}
                  </Text>
                )}
                <Group gap="lg" wrap="wrap">
                  <Text size="sm">{t('list.steps', { count: c.steps })}</Text>
                  <Text size="sm">{expiryText(t, c.expiryMonths)}</Text>
                  {manager && (
                    <Text size="sm">{t('list.holders', { count: c.holders, value: f.number(c.holders) })}</Text>
                  )}
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
      {creating && (
        <CertificationForm
          certification={null}
          onClose={() => setCreating(false)}
          onSaved={(id) => navigate(`/certifications/${id}`)}
        />
      )}
    </Stack>
  );
}

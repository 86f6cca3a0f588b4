import { ActionIcon, Badge, Stack, Table, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditRow } from '../../../server/contracts/audit';
import { DataTable } from '../../components/data-table';
import { NameText } from '../../components/name-text';
import { useFormat } from '../../lib/format';
import { AUDIT_NS, useActionWords } from './audit-action';

const COLUMNS = ['time', 'actor', 'action', 'target', 'outcome', 'address'] as const;

/** A text someone or something wrote (an e-mail, a URL, a name): wraps anywhere, never widens the table. */
function Wrapped({ children, dimmed }: { children: string; dimmed?: boolean }) {
  return (
    <NameText size="sm" c={dimmed ? 'dimmed' : undefined} lines={3}>
      {children}
    </NameText>
  );
}

/**
 * The audit log's rows: time in the viewer's language, actor, action in words, target, outcome,
 * address, and the details (the stored text, the browser, the action's name) behind a toggle that
 * opens a row under it. On a narrow screen the table scrolls sideways inside its own box.
 */
export function AuditTable({ rows }: { rows: AuditRow[] }) {
  const { t } = useTranslation(AUDIT_NS);
  const f = useFormat();
  const words = useActionWords();
  const [open, setOpen] = useState<Set<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const none = t('details.none');
  return (
    <DataTable
      minWidth={920}
      label={t('title')}
      aria-label={t('title')}
      layout="fixed"
      columns={[
        { label: t('columns.details'), hidden: true, w: 48 },
        { label: t(`columns.${COLUMNS[0]}`), w: 150 },
        { label: t(`columns.${COLUMNS[1]}`), w: 190 },
        { label: t(`columns.${COLUMNS[2]}`), w: 200 },
        { label: t(`columns.${COLUMNS[3]}`) },
        { label: t(`columns.${COLUMNS[4]}`), w: 110 },
        { label: t(`columns.${COLUMNS[5]}`), w: 130 },
      ]}
    >
      {rows.map((r) => {
        const expanded = open.has(r.id);
        const action = words(r.action);
        const time = f.dateTime(r.createdAt);
        const detailsId = `audit-details-${r.id}`;
        return (
          <Fragment key={r.id}>
            <Table.Tr data-testid="audit-row">
              <Table.Td>
                <ActionIcon
                  variant="subtle"
                  aria-expanded={expanded}
                  aria-controls={expanded ? detailsId : undefined}
                  aria-label={t(expanded ? 'details.hide' : 'details.show', { action, time })}
                  onClick={() => toggle(r.id)}
                >
                  {expanded ? <IconChevronDown size={18} aria-hidden /> : <IconChevronRight size={18} aria-hidden />}
                </ActionIcon>
              </Table.Td>
              <Table.Td>
                <Text size="sm" component="time" dateTime={r.createdAt}>
                  {time}
                </Text>
              </Table.Td>
              <Table.Td>
                <Wrapped dimmed={!r.actorLabel}>{r.actorLabel ?? r.actorUserId ?? t('system')}</Wrapped>
              </Table.Td>
              <Table.Td>
                <Wrapped>{action}</Wrapped>
              </Table.Td>
              <Table.Td>
                <Wrapped>{r.target ?? none}</Wrapped>
              </Table.Td>
              <Table.Td>
                <Badge color={r.outcome === 'success' ? 'green' : 'red'} variant="light">
                  {t(`outcomes.${r.outcome}`)}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Wrapped>{r.ip ?? none}</Wrapped>
              </Table.Td>
            </Table.Tr>
            {expanded && (
              <Table.Tr id={detailsId} data-testid="audit-details">
                <Table.Td />
                <Table.Td colSpan={COLUMNS.length}>
                  <Stack gap={4} component="dl" m={0}>
                    {(
                      [
                        ['detail', r.detail],
                        ['userAgent', r.userAgent],
                        ['actionName', r.action],
                      ] as const
                    ).map(([k, v]) => (
                      <div key={k}>
                        <Text component="dt" size="xs" c="dimmed">
                          {t(`details.${k}`)}
                        </Text>
                        <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                          {v ?? none}
                        </Text>
                      </div>
                    ))}
                  </Stack>
                </Table.Td>
              </Table.Tr>
            )}
          </Fragment>
        );
      })}
    </DataTable>
  );
}

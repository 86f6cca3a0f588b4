import { Badge } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { AssignmentSummary } from '../../../server/contracts/assignments';

export type DueLabelValue = AssignmentSummary['dueLabel'];
export type Status = AssignmentSummary['status'];

/** The viewer's IANA time zone: due labels are computed for it on the server. */
export const viewerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function useAssignmentsTranslation() {
  return useTranslation(['assignments', 'common'], { nsMode: 'fallback' });
}

function dueText(t: TFunction, label: DueLabelValue): string {
  if (label.kind === 'days') return t('due.days', { count: label.days });
  return t(`due.${label.kind}`);
}

export function DueBadge({ label }: { label: DueLabelValue }) {
  const { t } = useAssignmentsTranslation();
  const color =
    label.kind === 'overdue' ? 'red' : label.kind === 'today' ? 'orange' : label.kind === 'none' ? 'gray' : 'blue';
  return (
    <Badge color={color} variant="light" tt="none">
      {dueText(t, label)}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: Status }) {
  const { t } = useAssignmentsTranslation();
  const color = status === 'completed' ? 'green' : status === 'in_progress' ? 'yellow' : 'gray';
  return (
    <Badge color={color} variant="light">
      {t(`status.${status}`)}
    </Badge>
  );
}

/** <input type="date"> value (local day) ↔ ISO instant at the end of that local day. */
export function dateInputToIso(value: string): string | null {
  if (!value) return null;
  const [y, m, d] = value.split('-').map(Number);
  return new Date(y, m - 1, d, 23, 59, 0).toISOString();
}

/** Today as an <input type="date"> value (the earliest due date the form accepts). */
export function todayDateInput(now = new Date()): string {
  return isoToDateInput(now.toISOString());
}

export function isoToDateInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { AUDIT_FAMILIES, type AuditFamily } from '../../../server/contracts/audit-families';
import { AUDIT_OUTCOMES } from '../../../server/contracts/audit';
import { SearchBox } from '../../components/list-filters';
import { AUDIT_NS } from './audit-action';

export interface AuditFilterState {
  family: AuditFamily | undefined;
  outcome: (typeof AUDIT_OUTCOMES)[number] | undefined;
  /** The search box as typed (the list follows it a moment later). */
  typed: string;
  from: string | null;
  to: string | null;
}

type Change = {
  family: (v: string | null) => void;
  outcome: (v: string | null) => void;
  typed: (v: string) => void;
  from: (v: string | null) => void;
  to: (v: string | null) => void;
  clear: () => void;
};

/** The audit log's filters: action type, actor or target, outcome and a range of days, each with its label. */
export function AuditFilters({ value, onChange }: { value: AuditFilterState; onChange: Change }) {
  const { t } = useTranslation(AUDIT_NS);
  const any = value.family || value.outcome || value.typed || value.from || value.to;
  return (
    <Group wrap="wrap" align="flex-end" gap="sm" role="search" aria-label={t('filters.label')}>
      <Select
        label={t('filters.family')}
        data={[
          { value: '', label: t('filters.allFamilies') },
          ...AUDIT_FAMILIES.map((f) => ({ value: f, label: t(`families.${f}`) })),
        ]}
        value={value.family ?? ''}
        onChange={(v) => onChange.family(v || null)}
        allowDeselect={false}
        w={200}
        maw="100%"
      />
      <SearchBox label={t('filters.search')} value={value.typed} onChange={onChange.typed} w={240} />
      <Select
        label={t('filters.outcome')}
        data={[
          { value: '', label: t('filters.allOutcomes') },
          ...AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`outcomes.${o}`) })),
        ]}
        value={value.outcome ?? ''}
        onChange={(v) => onChange.outcome(v || null)}
        allowDeselect={false}
        w={170}
        maw="100%"
      />
      <TextInput
        type="date"
        label={t('filters.from')}
        value={value.from ?? ''}
        max={value.to ?? undefined}
        onChange={(e) => onChange.from(e.currentTarget.value || null)}
        w={160}
        maw="100%"
      />
      <TextInput
        type="date"
        label={t('filters.to')}
        value={value.to ?? ''}
        min={value.from ?? undefined}
        onChange={(e) => onChange.to(e.currentTarget.value || null)}
        w={160}
        maw="100%"
      />
      {any && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={onChange.clear}>
          {t('filters.clear')}
        </Button>
      )}
    </Group>
  );
}

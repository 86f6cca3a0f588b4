import { Group, Select } from '@mantine/core';
import {
  IconBriefcase,
  IconBuilding,
  IconBulb,
  IconChartBar,
  IconClipboardCheck,
  IconCompass,
  IconEar,
  IconFlag,
  IconHeadset,
  IconHeartHandshake,
  IconMessage,
  IconMessageQuestion,
  IconPhone,
  IconPhoneCall,
  IconRocket,
  IconSearch,
  IconShield,
  IconTarget,
  IconTrophy,
  IconUsers,
  type Icon,
} from '@tabler/icons-react';
import type { ScorecardIcon } from '../../server/contracts/scorecards';
import type { SimulationIcon } from '../../server/contracts/simulations';

type IconName = ScorecardIcon | SimulationIcon;

/** The component for each icon name the server accepts for a record (SCORECARD_ICONS, SIMULATION_ICONS). */
const ICONS: Record<IconName, Icon> = {
  briefcase: IconBriefcase,
  building: IconBuilding,
  bulb: IconBulb,
  'chart-bar': IconChartBar,
  'clipboard-check': IconClipboardCheck,
  compass: IconCompass,
  ear: IconEar,
  flag: IconFlag,
  headset: IconHeadset,
  'heart-handshake': IconHeartHandshake,
  message: IconMessage,
  'message-question': IconMessageQuestion,
  phone: IconPhone,
  'phone-call': IconPhoneCall,
  rocket: IconRocket,
  search: IconSearch,
  shield: IconShield,
  target: IconTarget,
  trophy: IconTrophy,
  users: IconUsers,
};

/** The icon a record names (scorecards, simulations); unknown names (older data) show the fallback. Decorative. */
export function NamedIcon({ name, fallback, size = 20 }: { name: string; fallback: IconName; size?: number }) {
  const Component = ICONS[name as IconName] ?? ICONS[fallback];
  return <Component size={size} stroke={1.6} aria-hidden />;
}

/** The picker of a record's icon: each option, and the chosen one, shown with its icon. */
export function IconSelect<T extends IconName>({
  names,
  fallback,
  label,
  optionLabel,
  value,
  onChange,
  error,
  withAsterisk,
}: {
  names: readonly T[];
  fallback: IconName;
  label: string;
  optionLabel: (name: T) => string;
  value: T;
  onChange: (name: T) => void;
  error?: string;
  withAsterisk?: boolean;
}) {
  return (
    <Select
      label={label}
      data={names.map((name) => ({ value: name, label: optionLabel(name) }))}
      allowDeselect={false}
      withAsterisk={withAsterisk}
      leftSection={<NamedIcon name={value} fallback={fallback} size={18} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <NamedIcon name={option.value} fallback={fallback} size={18} />
          <span>{option.label}</span>
        </Group>
      )}
      value={value}
      onChange={(v) => v && onChange(v as T)}
      error={error}
    />
  );
}

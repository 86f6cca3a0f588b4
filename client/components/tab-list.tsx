import { Tabs, type MantineSpacing } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

/** The strip of a page's tabs (inside its Tabs), one tab a value, named by `label`, with its icon if it has one. */
export function TabList({
  tabs,
  label,
  icons = {},
  mb,
}: {
  tabs: readonly string[];
  label: (tab: string) => string;
  icons?: Partial<Record<string, Icon>>;
  mb?: MantineSpacing;
}) {
  return (
    <Tabs.List mb={mb}>
      {tabs.map((v) => {
        const TabIcon = icons[v];
        return (
          <Tabs.Tab key={v} value={v} leftSection={TabIcon && <TabIcon size={16} aria-hidden />}>
            {label(v)}
          </Tabs.Tab>
        );
      })}
    </Tabs.List>
  );
}

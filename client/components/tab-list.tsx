import { Tabs, type MantineSpacing } from '@mantine/core';

/** The strip of a page's tabs (inside its Tabs), one tab a value, named by `label`. */
export function TabList({
  tabs,
  label,
  mb,
}: {
  tabs: readonly string[];
  label: (tab: string) => string;
  mb?: MantineSpacing;
}) {
  return (
    <Tabs.List mb={mb}>
      {tabs.map((v) => (
        <Tabs.Tab key={v} value={v}>
          {label(v)}
        </Tabs.Tab>
      ))}
    </Tabs.List>
  );
}

import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A panel's first row: what the panel is for, and its main action beside it (under it on a narrow screen). */
export function PanelIntro({ intro, children }: { intro: string; children?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap">
      <Text c="dimmed" size="sm" maw={640}>
        {intro}
      </Text>
      {children}
    </Group>
  );
}

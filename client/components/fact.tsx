import { Text } from '@mantine/core';

/** A labelled fact in a summary row (difficulty, time limit, language…). */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{value}</Text>
    </div>
  );
}

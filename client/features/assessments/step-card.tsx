import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One step of a candidate's or guest's call page: its title, what to do, then the step's own controls. */
export function StepCard({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text>{text}</Text>
        {children}
      </Stack>
    </Paper>
  );
}

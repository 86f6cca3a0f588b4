import { Paper, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** The thank-you screen after a link's call (shared by /assessment/complete and /magic-link/complete). */
export function ThankYouCard({ title, maw = 640, children }: { title: string; maw?: number; children: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" maw={maw} mx="auto">
      <Stack align="flex-start">
        <IconCircleCheck size={36} color="var(--mantine-color-green-7)" aria-hidden />
        <Title order={1} size="h2">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

import { Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One of the meetings page's cards (record a meeting, upload a transcript): a section named by its heading `headingId`. */
export function MeetingCard({ headingId, children }: { headingId: string; children: ReactNode }) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId}>
      {children}
    </Paper>
  );
}

/** A meeting card's heading and the sentence under it saying what the card does. */
export function MeetingCardHeading({ id, title, intro }: { id: string; title: string; intro: string }) {
  return (
    <>
      <Title order={2} size="h3" id={id}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro}
      </Text>
    </>
  );
}

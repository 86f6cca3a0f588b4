import { Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

/** The card of a sign-in page (log in, set a password): its title, then `children`. */
export function AuthCard({
  maw,
  title,
  documentTitle,
  children,
}: {
  maw: number;
  title: string;
  documentTitle: string;
  children: ReactNode;
}) {
  return (
    <Paper maw={maw} mx="auto" mt={{ base: 0, sm: 'xl' }} p={{ base: 'md', sm: 'xl' }} withBorder shadow="sm">
      <Stack>
        <PageTitle size="h2" documentTitle={documentTitle}>
          {title}
        </PageTitle>
        {children}
      </Stack>
    </Paper>
  );
}

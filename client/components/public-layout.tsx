import type { ReactNode } from 'react';
import { Box, Container, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AppFooter } from './app-footer';

/** Layout for pages without the sidebar: sign-in, public links, legal pages, not found. */
export function PublicLayout({ children, size = 'sm' }: { children: ReactNode; size?: string }) {
  const { t } = useTranslation();
  return (
    <Box mih="100dvh" style={{ display: 'flex', flexDirection: 'column' }} bg="gray.0">
      <Group px="md" h={56} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }} bg="white">
        <Text component={Link} href="/" fw={700} size="lg" c="inherit" style={{ textDecoration: 'none' }}>
          {t('app.name')}
        </Text>
      </Group>
      <Container size={size} w="100%" py="xl" style={{ flex: 1 }}>
        <main>{children}</main>
      </Container>
      <Container size="lg" w="100%">
        <AppFooter />
      </Container>
    </Box>
  );
}

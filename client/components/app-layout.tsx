import type { ReactNode } from 'react';
import { AppShell, Box, Burger, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Me } from '../features/auth/use-me';
import { HelpButton } from '../features/support/help-button';
import { AppFooter } from './app-footer';
import { SidebarNav } from './sidebar-nav';
import { useSidebar } from './use-sidebar';
import { UserMenu } from './user-menu';

const NAVBAR_WIDTH = 260;
const HEADER_HEIGHT = 56;

/** Shell for signed-in pages: header with the sidebar toggle, sidebar, content, footer, help button. */
export function AppLayout({ me, children }: { me: Me; children: ReactNode }) {
  const { t } = useTranslation();
  const { opened, narrow, toggle, closeIfNarrow } = useSidebar();
  // the exercise page holds a call whose typed-input box sits at the bottom: help moves to the header there
  const [location] = useLocation();
  const inCall = location.startsWith('/exercise/');

  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      // 769: Mantine's "mobile" is below the breakpoint, ours is 768 px and narrower
      navbar={{ width: NAVBAR_WIDTH, breakpoint: 769, collapsed: { mobile: !opened, desktop: !opened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.toggle')} aria-expanded={opened} />
          <Text fw={700} size="lg">
            {t('app.name')}
          </Text>
          {inCall && (
            <Box ml="auto">
              <HelpButton placement="header" />
            </Box>
          )}
        </Group>
      </AppShell.Header>
      {/* Closed means gone, not just slid away: nothing in it can take focus. */}
      {/* on narrow screens the floating help button sits over the sidebar's bottom edge */}
      <AppShell.Navbar
        p="sm"
        pb={narrow ? 84 : 'sm'}
        aria-label={t('nav.label')}
        style={opened ? undefined : { display: 'none' }}
      >
        <SidebarNav me={me} onNavigate={closeIfNarrow} />
        <Box pt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
          <UserMenu me={me} onNavigate={closeIfNarrow} />
        </Box>
      </AppShell.Navbar>
      {/* room below the page for the floating help button: the last row's actions scroll clear of it */}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }} pb={inCall ? undefined : 88}>
        <Box style={{ flex: 1 }}>{children}</Box>
        <AppFooter />
      </AppShell.Main>
      {!inCall && <HelpButton />}
    </AppShell>
  );
}

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { NotificationsHost } from './components/notifications-host';
import { RouteView } from './components/route-view';
import { useMe } from './features/auth/use-me';
import { useLanguageSync } from './features/i18n/use-language-sync';
import { SupportProvider } from './features/support/support-context';
import i18n from './lib/i18n';
import { queryClient } from './lib/trpc';
import { theme } from './theme';

function LanguageSync() {
  const me = useMe();
  useLanguageSync(me.isPending || me.isError ? undefined : me.data);
  return null;
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} defaultColorScheme="light">
          <NotificationsHost />
          <Router>
            <SupportProvider>
              <LanguageSync />
              <RouteView />
            </SupportProvider>
          </Router>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

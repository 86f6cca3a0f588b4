import { Suspense, useLayoutEffect } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { matchRoute, Route, useLocation, useRouter, useSearch } from 'wouter';
import { APP_ROUTES, AppLayout, NotFoundPage, type AppRoute } from '../app-routes';
import { decideAccess, type Access } from '../lib/access';
import { clearReturnTo, peekReturnTo, rememberReturnTo } from '../lib/return-to';
import { useMe } from '../features/auth/use-me';
import { LoadingScreen } from './loading-screen';
import { PublicLayout } from './public-layout';

const ROOT_ACCESS: Access = { kind: 'root' };

/** Replaces the location; optionally remembers where the user was going (sign-in returns there). */
function Navigate({ to, remember, consumeReturnTo }: { to: string; remember?: string; consumeReturnTo?: boolean }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    if (remember) rememberReturnTo(remember);
    if (consumeReturnTo) clearReturnTo();
    navigate(to, { replace: true });
  }, [to, remember, consumeReturnTo, navigate]);
  return <LoadingScreen />;
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Center h="100dvh" p="md">
      <Stack align="center">
        <Text role="alert">{t('app.loadFailed')}</Text>
        <Button onClick={onRetry}>{t('app.retry')}</Button>
      </Stack>
    </Center>
  );
}

function findRoute(parser: ReturnType<typeof useRouter>['parser'], location: string): AppRoute | null {
  return APP_ROUTES.find((r) => matchRoute(parser, r.path, location)[0]) ?? null;
}

/** Picks the route for the location, applies its access rule, and renders it in its layout. */
export function RouteView() {
  const [location] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const me = useMe();
  const route = location === '/' ? null : findRoute(parser, location);
  const access = location === '/' ? ROOT_ACCESS : (route?.access ?? { kind: 'public' as const });

  if (access.kind !== 'public') {
    if (me.isPending) return <LoadingScreen />;
    if (me.isError) return <SessionError onRetry={() => void me.refetch()} />;
    const user = me.data ? { role: me.data.user.role, home: me.data.home } : null;
    const decision = decideAccess(access, user, peekReturnTo());
    if (decision.type === 'redirect') {
      const here = search ? `${location}?${search}` : location;
      return (
        <Navigate
          to={decision.to}
          remember={decision.remember ? here : undefined}
          consumeReturnTo={access.kind === 'guest'}
        />
      );
    }
  }

  if (!route) {
    return (
      <PublicLayout>
        <Suspense fallback={<LoadingScreen fullHeight={false} />}>
          <NotFoundPage />
        </Suspense>
      </PublicLayout>
    );
  }

  const Page = route.component;
  const content = (
    <Suspense fallback={<LoadingScreen fullHeight={false} />}>
      <Route path={route.path}>
        <Page />
      </Route>
    </Suspense>
  );
  if (route.layout === 'app' && me.data) {
    return (
      <Suspense fallback={<LoadingScreen />}>
        <AppLayout me={me.data}>{content}</AppLayout>
      </Suspense>
    );
  }
  if (route.layout === 'public') return <PublicLayout>{content}</PublicLayout>;
  return content;
}

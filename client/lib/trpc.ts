import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { AppRouter } from '../../server/trpc/router';
import { errorInfo } from './errors';

const NO_RETRY = new Set([
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NO_ROLE',
  'NOT_FOUND',
  'VALIDATION',
  'BAD_REQUEST',
  'TOO_MANY_REQUESTS',
]);

/** A 401 anywhere means the session ended: forget the user so the route guards send them to /login. */
function onUnauthenticated(error: unknown) {
  if (errorInfo(error).appCode !== 'UNAUTHENTICATED') return;
  queryClient.setQueryData(trpc.auth.me.queryKey(), null);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: onUnauthenticated }),
  mutationCache: new MutationCache({ onError: onUnauthenticated }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      retry: (count, error) => count < 2 && !NO_RETRY.has(errorInfo(error).appCode),
    },
  },
});

export const trpcClient = createTRPCClient<AppRouter>({
  links: [httpBatchLink({ url: '/trpc' })],
});

export const trpc = createTRPCOptionsProxy<AppRouter>({ client: trpcClient, queryClient });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { clearReturnTo } from '../../lib/return-to';
import { trpc } from '../../lib/trpc';

/** Signs out, forgets every cached query, goes to /login. A failed logout is only logged, and the user stays where they are. */
export function useLogout() {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const mutation = useMutation(trpc.auth.logout.mutationOptions());
  const logout = async () => {
    try {
      await mutation.mutateAsync();
    } catch (error) {
      console.error('logout failed', error);
      return;
    }
    clearReturnTo();
    queryClient.clear();
    queryClient.setQueryData(trpc.auth.me.queryKey(), null);
    navigate('/login', { replace: true });
  };
  return { logout, pending: mutation.isPending };
}

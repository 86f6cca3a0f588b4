import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';

/** The signed-in user (`null` when signed out). Cached; route guards and the shell share it. */
export function useMe() {
  return useQuery({ ...trpc.auth.me.queryOptions(), staleTime: 60_000 });
}

export type Me = NonNullable<ReturnType<typeof useMe>['data']>;

/** Username, or the part of the email before the @ when there is none, as the user menu shows it. */
export function displayHandle(me: Me): string {
  return me.user.username?.trim() || me.user.email.split('@')[0];
}
